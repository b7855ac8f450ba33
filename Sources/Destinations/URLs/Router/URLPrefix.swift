/// A prefix a router accepts: `scheme://` (the host is the first component) or
/// `scheme://host/` with an optional path.
struct URLPrefix: Sendable {
    /// The prefix as printed: scheme and host in lower case.
    let text: String
    let scheme: [UInt8]
    /// `nil` for a custom scheme, whose host is the first component.
    let host: [UInt8]?
    /// The path after the host, from its `/` to the prefix's final `/`.
    let path: [UInt8]
    /// The scheme and `://`, which every match starts with.
    let head: [UInt8]

    var isCustomScheme: Bool { host == nil }
    var isHTTPS: Bool { scheme == Array("https".utf8) }

    /// Parses a prefix; `nil` for one with a user name, a port, or no final `/`.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: URLByte.colon), colon > 0,
            bytes[colon...].starts(with: Array("://".utf8))
        else { return nil }
        let scheme = bytes[..<colon].map(URLByte.lowercased)
        guard URLByte.isLowercaseLetter(scheme[0]),
            scheme.allSatisfy({ URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.plus || $0 == URLByte.dot || $0 == URLByte.dash })
        else { return nil }
        let rest = bytes[(colon + 3)...]
        self.scheme = scheme
        head = scheme + Array("://".utf8)
        if rest.isEmpty {
            host = nil
            path = []
            self.text = String(decoding: scheme, as: UTF8.self) + "://"
            return
        }
        guard let slash = rest.firstIndex(of: URLByte.slash), bytes.last == URLByte.slash else { return nil }
        let host = rest[..<slash].map(URLByte.lowercased)
        guard !host.isEmpty,
            host.allSatisfy({ URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.dot || $0 == URLByte.dash })
        else { return nil }
        let path = Array(bytes[slash...])
        guard !path.contains(where: { !URLByte.isUnreserved($0) && $0 != URLByte.slash }),
            !zip(path, path.dropFirst()).contains(where: { $0 == URLByte.slash && $1 == URLByte.slash })
        else { return nil }
        self.host = host
        self.path = path
        self.text = String(decoding: scheme + Array("://".utf8) + host + path, as: UTF8.self)
    }

    /// Matches the start of `input`; returns the offset after the prefix.
    ///
    /// - Throws: ``URLSyntaxProblem/userInfo`` for a user name before the host, whatever the
    ///   host.
    func match(_ input: [UInt8]) throws(DeepLinkError) -> Int? {
        // `scheme://`, with the scheme in any case; folding `://` changes nothing.
        guard input.count >= head.count else { return nil }
        var index = 0
        for byte in head {
            guard URLByte.lowercased(input[index]) == byte else { return nil }
            index += 1
        }
        guard let host else {
            try Self.checkAuthority(input, from: index)
            return index
        }
        // The host matched and followed by the end of the authority: no user info can hide in
        // it, so the authority needs no second scan.
        if let hostEnd = Self.match(host, in: input, at: index),
            hostEnd == input.count || Self.endsAuthority(input[hostEnd])
        {
            return matchPath(input, at: hostEnd)
        }
        try Self.checkAuthority(input, from: index)
        return nil
    }

    /// Where `bytes` end when the input holds them, in any case, at `start`.
    private static func match(_ bytes: [UInt8], in input: [UInt8], at start: Int) -> Int? {
        guard input.count - start >= bytes.count else { return nil }
        var index = start
        for byte in bytes {
            guard URLByte.lowercased(input[index]) == byte else { return nil }
            index += 1
        }
        return index
    }

    /// Where the prefix ends after its path, which the input may stop right before its final
    /// `/`.
    private func matchPath(_ input: [UInt8], at start: Int) -> Int? {
        let rest = input.count - start
        if rest == path.count - 1 {
            for offset in 0..<rest where input[start + offset] != path[offset] { return nil }
            return input.count
        }
        guard rest >= path.count else { return nil }
        for offset in 0..<path.count where input[start + offset] != path[offset] { return nil }
        return start + path.count
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == URLByte.slash || byte == URLByte.question || byte == URLByte.hash
    }

    /// Refuses an authority with user info (`user@host`), which a link never carries.
    private static func checkAuthority(_ input: [UInt8], from start: Int) throws(DeepLinkError) {
        var index = start
        while index < input.count, !endsAuthority(input[index]) {
            if input[index] == URLByte.at { throw .malformed(.userInfo, offset: index) }
            index += 1
        }
    }
}
