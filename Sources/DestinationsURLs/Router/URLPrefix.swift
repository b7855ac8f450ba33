import Destinations

/// A prefix a router accepts: `scheme://` (the host is the first component) or `scheme://host/…/`.
@usableFromInline struct URLPrefix: Sendable {
    @usableFromInline let text: String
    /// The scheme and `://`, in lower case, which every match starts with.
    @usableFromInline let head: [UInt8]
    /// The host in lower case; `nil` for a custom scheme, whose host is the first component.
    @usableFromInline let host: [UInt8]?
    /// The path after the host, from its `/` to the prefix's final `/`.
    @usableFromInline let path: [UInt8]
    @usableFromInline var isCustomScheme: Bool { host == nil }
    @usableFromInline var isHTTPS: Bool { head == Array("https://".utf8) }
    /// Parses a prefix; `nil` for one with a user name, a port, or no final `/`.
    @usableFromInline init?(_ text: String) {
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
        let host = rest[..<slash].map(URLByte.lowercased)
        let path = Array(bytes[slash...])
        guard !host.isEmpty, host.allSatisfy({ URLByte.isKeywordByte($0) || $0 == UInt8(ascii: ".") }),
            path.allSatisfy({ URLByte.isUnreserved($0) || $0 == UInt8(ascii: "/") }),
            !zip(path, path.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") })
        else { return nil }
        (self.host, self.path) = (host, path)
        self.text = String(decoding: head + host + path, as: UTF8.self)
    }
    /// The offset after the prefix at the start of `input`, scheme and host in any case.
    @usableFromInline func match(_ input: [UInt8]) throws(DeepLinkError) -> Int? {
        guard input.count >= head.count, zip(head, input).allSatisfy({ $0 == URLByte.lowercased($1) }) else {
            return nil
        }
        let start = head.count
        let end = input[start...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let authority = input[start..<(end ?? input.count)]
        guard let host, authority.elementsEqual(host, by: { URLByte.lowercased($0) == $1 }) else {
            if let at = authority.firstIndex(of: UInt8(ascii: "@")) { throw .malformed(.userInfo, offset: at) }
            return host == nil ? start : nil
        }
        let rest = input[authority.endIndex...]
        if rest.count == path.count - 1 { return rest.elementsEqual(path.dropLast()) ? input.count : nil }
        return rest.starts(with: path) ? authority.endIndex + path.count : nil
    }
}
