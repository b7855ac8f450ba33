public import Destinations

/// The problems that stopped a ``URLRouter`` from being built.
public struct URLConfigurationError: Error, Hashable, Sendable {
    /// Every problem found, in declaration order.
    public let problems: [URLConfigurationProblem]
    /// Creates the error.
    public init(problems: [URLConfigurationProblem]) {
        self.problems = problems
    }
}

/// A problem in a router's configuration: its prefixes, scenes, route patterns or deep links.
///
/// Building a ``URLRouter`` throws the problems that make it unusable
/// (``URLConfigurationError``); ``URLRouter/validate(routes:)`` reports the rest, such as a
/// reachable route without a pattern.
public enum URLConfigurationProblem: Hashable, Sendable {
    /// A template that breaks the template grammar at `offset`.
    case badTemplate(pattern: String, offset: Int)
    /// The template's placeholders and the closure's parameters differ in number.
    case arityMismatch(pattern: String, placeholders: Int, parameters: Int)
    /// A placeholder whose form does not suit its type: `{x?}` needs an `Optional`, `{x*}` an
    /// `Array`, a path segment one value.
    case parameterTypeMismatch(pattern: String, name: String, type: String)
    /// A default (`{page=1}`) that does not parse as its parameter's type.
    case badDefault(pattern: String, name: String, text: String)
    /// Two patterns share a keyword, or a keyword and an alias are equal.
    case duplicateKeyword(String)
    /// A route the flow can reach that no pattern prints.
    case noURLPattern(route: String)
    /// A route that more than one pattern prints.
    case ambiguousRoute(route: String, patterns: [String])
    /// A route whose printed text does not parse back to it: the pattern's `make` and `match`
    /// disagree.
    case roundTripMismatch(route: String, url: String)
    /// A prefix that is not `scheme://` or `https://host/…`, or that has a user name or a port.
    case badPrefix(String)
    /// A router needs at least one prefix.
    case noPrefix
    /// A router needs at least one scene kind.
    case noScene
    /// A scene name that is not a keyword (`[a-z][a-z0-9-]*`).
    case badSceneName(String)
    /// Two scene kinds share a name.
    case duplicateScene(String)
    /// A scene's layout cannot be built.
    case badSceneLayout(scene: String, LayoutProblem)
    /// A scene name equal to the first constant of a deep link or the keyword of an external
    /// route pattern: all three sit right after the prefix.
    case sceneCollision(String)
    /// A scene kind named where the router has none of that name: in
    /// ``URLRouter/externalStateURLs``, or for a ``FlowURLs``.
    case unknownScene(String)
    /// A deep link that names a scene kind the router does not have.
    case unknownLinkScene(pattern: String, scene: String)
    /// A tab id in a scene layout that is not a URL label (`[a-z0-9][a-z0-9._-]*`); it still
    /// works, percent-encoded.
    case tabIDNotURLSafe(TabID)
    /// Two deep links of the same shape: the same constants and parameter types.
    case duplicateLink(pattern: String, existing: String)
    /// A link's `shares` declaration whose parameter types differ from the link's.
    case shareMismatch(pattern: String)
    /// A shared route whose printed link does not open that link with the route's values.
    case shareRoundTripMismatch(route: String, url: String)
}

/// Something in a router's configuration worth a look that is not an error.
public enum URLDiagnostic: Hashable, Sendable {
    /// Two links of different shapes can match the same URL; precedence picks `preferred`
    /// (`notes/new` before `notes/{slug}`).
    case overlappingLinks(preferred: String, other: String)
}
