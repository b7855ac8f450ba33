/// A prefix a router accepts: `scheme://` (the host is the first component) or
/// `scheme://host/` with an optional path.
@usableFromInline
struct URLPrefix: Sendable {
    /// The prefix as printed: scheme and host in lower case.
    let text: String
    let scheme: [UInt8]
    /// `nil` for a custom scheme, whose host is the first component.
    let host: [UInt8]?
    /// The path after the host, from its `/` to the prefix's final `/`.
    let path: [UInt8]

    @usableFromInline
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
            !path.windows2.contains(where: { $0 == URLByte.slash && $1 == URLByte.slash })
        else { return nil }
        self.host = host
        self.path = path
        self.text = String(decoding: scheme + Array("://".utf8) + host + path, as: UTF8.self)
    }

    /// Matches the start of `input`; returns the offset after the prefix.
    ///
    /// - Throws: ``URLSyntaxProblem/userInfo`` for a user name before the host, whatever the
    ///   host.
    @usableFromInline
    func match(_ input: UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> Int? {
        var index = 0
        for byte in scheme {
            guard index < input.count, URLByte.lowercased(input[index]) == byte else { return nil }
            index += 1
        }
        for byte in "://".utf8 {
            guard index < input.count, input[index] == byte else { return nil }
            index += 1
        }
        var authorityEnd = index
        while authorityEnd < input.count {
            let byte = input[authorityEnd]
            if byte == URLByte.slash || byte == URLByte.question || byte == URLByte.hash { break }
            if byte == URLByte.at { throw .malformed(.userInfo, offset: authorityEnd) }
            authorityEnd += 1
        }
        guard let host else { return index }
        guard authorityEnd - index == host.count else { return nil }
        for byte in host {
            guard URLByte.lowercased(input[index]) == byte else { return nil }
            index += 1
        }
        // The input may stop right before the prefix path's final "/".
        if input.count - index == path.count - 1, input[index...].elementsEqual(path.dropLast()) { return input.count }
        guard input[index...].starts(with: path) else { return nil }
        return index + path.count
    }
}

extension Array where Element == UInt8 {
    /// Consecutive pairs of bytes.
    fileprivate var windows2: Zip2Sequence<ArraySlice<UInt8>, ArraySlice<UInt8>> { zip(dropLast(), dropFirst()) }
}
