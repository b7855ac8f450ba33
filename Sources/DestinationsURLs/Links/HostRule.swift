import Foundation

/// The hosts a prefix or a link accepts: one host, any host, or the subdomains of one.
enum HostRule: Hashable, Sendable {
    /// Exactly this host, in lower case.
    case exact([UInt8])
    /// Any host.
    case any
    /// Any host that ends with this suffix (`.example.com`), with at least one label before it.
    case subdomains(of: [UInt8])
    /// Parses `*`, `*.example.com` or `example.com` (in any case); `nil` for anything else.
    init?(_ text: String) {
        let bytes = text.utf8.map(URLByte.lowercased)
        if bytes == [UInt8(ascii: "*")] {
            self = .any
        } else if bytes.starts(with: "*.".utf8), Self.isHost(bytes.dropFirst(2)) {
            self = .subdomains(of: Array(bytes.dropFirst()))
        } else if Self.isHost(bytes[...]) {
            self = .exact(bytes)
        } else {
            return nil
        }
    }
    /// Whether the host, in lower case, is one the rule accepts.
    func accepts(_ host: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .exact(let name): host.elementsEqual(name)
        case .any: true
        case .subdomains(let suffix):
            host.count > suffix.count && host.reversed().starts(with: suffix.reversed())
                && host[host.index(host.endIndex, offsetBy: -suffix.count - 1)] != UInt8(ascii: ".")
        }
    }
    /// Whether `bytes[start..<end]`, in lower case, is a host the rule accepts.
    func accepts(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        switch self {
        case .exact(let name):
            guard name.count == end - start else { return false }
            for offset in name.indices where name[offset] != URLByte.lowercased(bytes[start + offset]) { return false }
            return true
        case .any:
            return true
        case .subdomains(let suffix):
            let first = end - suffix.count
            guard first > start, bytes[first - 1] != UInt8(ascii: ".") else { return false }
            for offset in suffix.indices where suffix[offset] != URLByte.lowercased(bytes[first + offset]) {
                return false
            }
            return true
        }
    }
    /// The rule as a prefix or template writes it.
    var text: String {
        switch self {
        case .exact(let name): String(decoding: name, as: UTF8.self)
        case .any: "*"
        case .subdomains(let suffix): "*" + String(decoding: suffix, as: UTF8.self)
        }
    }
    /// Whether `bytes[start..<end]`, in lower case, is a host name (``isHost(_:)-swift.type.method``).
    static func isHost(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var label = 0
        for index in start..<end {
            let byte = URLByte.lowercased(bytes[index])
            if byte == UInt8(ascii: ".") {
                guard label > 0 else { return false }
                label = 0
            } else {
                guard URLByte.isKeywordByte(byte) else { return false }
                label += 1
            }
        }
        return label > 0
    }
    /// Whether `bytes` is a host name: dot-separated labels of `[a-z0-9-]`, none empty.
    static func isHost(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0.allSatisfy(URLByte.isKeywordByte)
            }
    }
}

/// A deep link's host, from a template that starts with `//`: a rule, and the placeholder that
/// reads the host (`//{server}/…`).
struct HostTemplate: Hashable, Sendable {
    let rule: HostRule
    /// The placeholder index of the host parameter; `nil` when the link does not read it.
    let parameter: Int?
}

/// A set of hosts the app changes while it runs (the servers the user knows), read by the links
/// declared with it (``DeepLink/hosts``) each time a URL is matched: no router is rebuilt.
///
/// ```swift
/// let servers = KnownHosts(["mastodon.social"])
/// DeepLink("//{server}/@{user}/{id}", hosts: servers) { (server: String, user: String, id: Int) in … }
/// servers.insert("fosstodon.org")  // links from it match from now on
/// ```
public final class KnownHosts: @unchecked Sendable {
    // `@unchecked`: every access to `names` holds `lock`.
    private let lock = NSLock()
    private var names: Set<String>
    /// Creates the set; hosts are kept in lower case.
    public init(_ hosts: some Sequence<String> = []) { names = Set(hosts.map { $0.lowercased() }) }
    /// The hosts, in lower case.
    public var hosts: Set<String> { lock.withLock { names } }
    /// Adds a host.
    public func insert(_ host: String) { lock.withLock { _ = names.insert(host.lowercased()) } }
    /// Removes a host.
    public func remove(_ host: String) { lock.withLock { _ = names.remove(host.lowercased()) } }
    /// Replaces every host.
    public func replace(with hosts: some Sequence<String>) {
        let new = Set(hosts.map { $0.lowercased() })
        lock.withLock { names = new }
    }
    /// Whether the set holds `host` (in any case).
    public func contains(_ host: String) -> Bool {
        let name = host.lowercased()
        return lock.withLock { names.contains(name) }
    }
    func contains(bytes host: ArraySlice<UInt8>) -> Bool {
        contains(String(decoding: host, as: UTF8.self))
    }
}
