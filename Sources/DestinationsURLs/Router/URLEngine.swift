// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): the matching, not generic.
public import Destinations

/// What a router matches with, none of it generic: the prefixes, the scene names and skeletons,
/// the link trie and the route keywords. Written once for every app, it is optimised here; only
/// the closures that build the app's routes run specialised in the app's module.
@usableFromInline final class URLEngine: Sendable {
    let prefixes: [URLPrefix]
    let sceneNames: [[UInt8]]
    /// Each scene's layout, as the state parser reads it.
    let sceneShapes: [LayoutShape]
    /// The screens each layout of ``sceneShapes`` builds, by layout index.
    let layoutScreens: [Int]
    let links: [LinkShape]
    /// What each link's matches share, made once here.
    let declarations: [LinkDeclaration]
    let trie: LinkTrie
    let patterns: PatternTable
    init(
        prefixes: [URLPrefix], sceneNames: [String], sceneShapes: [LayoutShape], layoutScreens: [Int],
        links: [LinkShape], trie: LinkTrie, patterns: PatternTable
    ) {
        (self.prefixes, self.sceneNames, self.sceneShapes) = (prefixes, sceneNames.map { Array($0.utf8) }, sceneShapes)
        (self.layoutScreens, self.links, self.trie, self.patterns) = (layoutScreens, links, trie, patterns)
        let firstScene = sceneNames.first ?? ""
        declarations = links.map { LinkDeclaration($0, firstScene: firstScene) }
    }
    /// Where a URL goes: a scene's state path, or the first link whose closure (`make`) takes it;
    /// anything else is left to the router's slower path (prefixes, one-route links, fallback).
    @usableFromInline func locate(
        _ url: String, limits: URLLimits, environment: FlowEnvironment,
        make: (Int, inout ArgumentReader) throws(DeepLinkError) -> Bool
    ) throws(DeepLinkError) -> URLLocation {
        let length = url.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        var bytes = Array(url.utf8)
        guard let (prefix, rest, host) = try matchPrefix(&bytes) else { return .noPrefix(bytes) }
        let pathEnd = Self.pathEnd(bytes, from: rest)
        var firstEnd = rest
        while firstEnd < pathEnd, bytes[firstEnd] != UInt8(ascii: "/") { firstEnd += 1 }
        if let scene = scene(bytes, rest, firstEnd, fold: prefix.isCustomScheme) {
            guard pathEnd == bytes.count else { throw .unexpectedQuery }
            return .state(scene: scene, bytes: bytes, start: min(firstEnd + 1, pathEnd), end: pathEnd)
        }
        let split: LinkPath.Split
        do throws(DeepLinkError) {
            split = try LinkPath.split(
                bytes, rest, pathEnd, hostFolding: prefix.isCustomScheme, limits: limits, constants: trie.constants)
        } catch {
            if case .noMatchingLink = error {
                return .unmatched(
                    bytes: bytes, rest: rest, pathEnd: pathEnd, host: host, hostFolding: prefix.isCustomScheme)
            }
            throw error
        }
        // Links of a shape in declaration order: the first whose host fits and that does not decline.
        let found = try trie.match(split.segments, in: bytes) { (index) throws(DeepLinkError) -> Bool in
            guard links[index].accepts(bytes, host: host) else { return false }
            var reader = try links[index].arguments(
                bytes, split.segments, split.query, host: host, limits: limits, environment: environment)
            return try make(index, &reader)
        }
        guard let found else {
            return .unmatched(
                bytes: bytes, rest: rest, pathEnd: pathEnd, host: host, hostFolding: prefix.isCustomScheme)
        }
        let name = links[found].host == nil ? nil : host.map { String(decoding: bytes[$0], as: UTF8.self) }
        return .link(declarations[found], host: name)
    }
    /// Parses the state path `bytes[start..<end]` of the scene at `scene` (``StateURLParser``).
    @usableFromInline func parseState(
        _ bytes: [UInt8], _ start: Int, _ end: Int, scene: Int, limits: URLLimits,
        make: (Int, inout ArgumentReader) throws(DeepLinkError) -> Void,
        build: (StateBuildStep) throws(DeepLinkError) -> ElementID
    ) throws(DeepLinkError) -> (root: Int, modalOffsets: [(content: ElementID, offset: Int)], elidedTabs: [ElementID]) {
        try StateURLParser.parse(
            bytes, from: start, to: end, shape: sceneShapes[scene], engine: self, limits: limits, make: make,
            build: build)
    }
    /// The prefix that starts `bytes`, the offset after it and the host's range, the host put in
    /// lower case in `bytes`.
    func matchPrefix(_ bytes: inout [UInt8]) throws(DeepLinkError) -> (URLPrefix, Int, Range<Int>?)? {
        for prefix in prefixes {
            if let (rest, host) = try prefix.match(bytes) {
                // The host is read in lower case: by host rules, and by the links that take it as a parameter.
                // Most hosts are written in lower case: only an upper-case letter is written.
                for index in host ?? 0..<0 where URLByte.isUppercaseLetter(bytes[index]) {
                    bytes[index] = URLByte.lowercased(bytes[index])
                }
                return (prefix, rest, host)
            }
        }
        return nil
    }
    /// The index of the scene whose name is `bytes[start..<end]`, in lower case when `fold`.
    func scene(_ bytes: [UInt8], _ start: Int, _ end: Int, fold: Bool) -> Int? {
        scenes: for (index, name) in sceneNames.enumerated() where name.count == end - start {
            for offset in name.indices {
                let byte = bytes[start + offset]
                guard name[offset] == (fold ? URLByte.lowercased(byte) : byte) else { continue scenes }
            }
            return index
        }
        return nil
    }
    /// Where the path ends: at the query or the fragment.
    static func pathEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        return index
    }
}

/// Where ``URLEngine/locate(_:limits:environment:make:)`` sends a URL.
@usableFromInline enum URLLocation {
    /// No prefix takes the URL.
    case noPrefix([UInt8])
    /// A state URL of the scene at this index: its path is `bytes[start..<end]`.
    case state(scene: Int, bytes: [UInt8], start: Int, end: Int)
    /// A link took the URL: what its matches share, and the URL's host for a link whose template
    /// names one.
    case link(LinkDeclaration, host: String?)
    /// No link took the path after the prefix, `bytes[rest..<pathEnd]`.
    case unmatched(bytes: [UInt8], rest: Int, pathEnd: Int, host: Range<Int>?, hostFolding: Bool)
}
