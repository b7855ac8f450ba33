/// A prefix a router accepts: `scheme://` (the host is the first component), or
/// `scheme://host/…/` where the host is a name, `*` (any host) or `*.example.com` (its subdomains).
final class URLPrefix: Sendable {
    let text: String
    /// The scheme and `://`, in lower case, which every match starts with.
    let head: [UInt8]
    /// The hosts accepted; `nil` for a custom scheme, whose host is the first component.
    let host: HostRule?
    /// The path after the host, from its `/` to the prefix's final `/`.
    let path: [UInt8]
    var isCustomScheme: Bool { host == nil }
    var isHTTPS: Bool { head == Array("https://".utf8) }
    /// The host a printed link takes: the prefix's one host; `nil` for a pattern or a custom scheme.
    var fixedHost: [UInt8]? { if case .exact(let name)? = host { name } else { nil } }
    /// Parses a prefix; `nil` for one with a user name, a port, or no final `/`.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        let scheme = bytes[..<colon].map(URLByte.lowercased)
        guard URLByte.isLowercaseLetter(scheme[0]),
            scheme.allSatisfy({ URLByte.isKeywordByte($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") })
        else { return nil }
        head = scheme + Array("://".utf8)
        let rest = bytes[(colon + 3)...]
        if rest.isEmpty {
            (host, path, self.text) = (nil, [], String(decoding: head, as: UTF8.self))
            return
        }
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), bytes.last == UInt8(ascii: "/") else { return nil }
        let path = Array(bytes[slash...])
        guard let host = HostRule(String(decoding: rest[..<slash], as: UTF8.self)),
            path.allSatisfy({ URLByte.isUnreserved($0) || $0 == UInt8(ascii: "/") }),
            !zip(path, path.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") })
        else { return nil }
        (self.host, self.path) = (host, path)
        self.text = String(decoding: head, as: UTF8.self) + host.text + String(decoding: path, as: UTF8.self)
    }
    /// The offset after the prefix at the start of `input`, scheme and host in any case, and the
    /// host's range (`nil` for a custom scheme).
    func match(_ input: [UInt8]) throws(DeepLinkError) -> (rest: Int, host: Range<Int>?)? {
        guard input.count >= head.count else { return nil }
        for index in head.indices where URLByte.lowercased(input[index]) != head[index] { return nil }
        let start = head.count
        var end = start
        if case .exact(let name)? = host, Self.startsWithHost(input, start, name) {
            // The prefix's one host, then a delimiter: no other scan or check.
            end = start + name.count
        } else {
            while end < input.count {
                let byte = input[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: "@") { throw .malformed(.userInfo, offset: end) }
                end += 1
            }
            guard let host else { return (start, nil) }
            // One exact name is a host: bytes equal to it need no other check.
            let isHost = if case .exact = host { true } else { HostRule.isHost(input, start, end) }
            guard isHost, host.accepts(input, start, end) else { return nil }
        }
        // The path: whole (`https://host/path/…`), or without its final `/` at the end of the input.
        let whole = input.count - end >= path.count
        guard whole || input.count - end == path.count - 1 else { return nil }
        for offset in 0..<(whole ? path.count : path.count - 1) where input[end + offset] != path[offset] { return nil }
        return (whole ? end + path.count : input.count, start..<end)
    }
    /// Whether `input` holds the host `name` (in lower case) at `start`, in any case, followed by
    /// its end, a `/`, a `?` or a `#`.
    private static func startsWithHost(_ input: [UInt8], _ start: Int, _ name: [UInt8]) -> Bool {
        let end = start + name.count
        guard end <= input.count else { return false }
        if end < input.count {
            let next = input[end]
            guard next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") else {
                return false
            }
        }
        for offset in 0..<name.count {
            let (byte, expected) = (input[start + offset], name[offset])
            // Most hosts are written in lower case: an upper-case letter is the rarer second test.
            guard byte == expected || (URLByte.isLowercaseLetter(expected) && byte | 0x20 == expected) else {
                return false
            }
        }
        return true
    }
}
