public import Destinations

/// Why a URL was refused; nothing changes when one is. Offsets are byte offsets into the UTF-8
/// text parsed (the URL, or a relative or `.state` path); echoed inputs are cut to 64 bytes.
public enum DeepLinkError: Error, Hashable, Sendable {
    /// The input has more bytes than the limit (checked first).
    case tooLong(bytes: Int, limit: Int)
    /// The path has more segments than the limit.
    case tooManySegments(count: Int, limit: Int)
    /// The segment at `offset` has more bytes than the limit.
    case segmentTooLong(bytes: Int, limit: Int, offset: Int)
    /// Groups and modals nest deeper than the limit.
    case tooDeep(depth: Int, limit: Int)
    /// The resulting state would hold more screens than the limit.
    case tooManyScreens(count: Int, limit: Int)
    /// The query has more items than the limit.
    case tooManyQueryItems(count: Int, limit: Int)
    /// The parameters decode to more bytes in total than the limit.
    case tooManyParameterBytes(bytes: Int, limit: Int)
    /// The input breaks the URL grammar at `offset`.
    case malformed(URLSyntaxProblem, offset: Int)
    /// Percent-encoded bytes that are not UTF-8; `offset` is the escape that breaks the sequence.
    case invalidUTF8(offset: Int)
    /// The URL starts with none of the router's prefixes.
    case unknownPrefix
    /// The router has no scene of that name.
    case unknownScene(String)
    /// No deep link matches the path, and it is not an external route's URL either.
    case noMatchingLink(path: String)
    /// No route pattern has this keyword (or alias).
    case unknownRoute(keyword: String, offset: Int)
    /// A parameter's text is not a value of its type.
    case invalidParameter(route: String, name: String, expected: String, offset: Int)
    /// A required parameter is missing.
    case missingParameter(route: String, name: String)
    /// A named parameter or a query item (with `strictQuery`) that the pattern does not declare.
    case unknownParameter(route: String, name: String)
    /// A parameter given twice that takes one value.
    case duplicateParameter(route: String, name: String)
    /// A tab label that is not a tab of the tab bar at that place.
    case unknownTab(TabID, offset: Int)
    /// A column label that is not a column of the split view at that place.
    case unknownColumn(String, offset: Int)
    /// A state URL with a query or a fragment.
    case unexpectedQuery
    /// No longer thrown: `..` above the root of a root stack stops at the root (RFC 3986 §5.2.4).
    @available(*, deprecated, message: "`..` above the root stops at the root; nothing throws this")
    case relativePathEscapesRoot
    /// No window with that scene id is connected.
    case sceneNotConnected(String)
    /// A state URL, or a deep link, of another scene kind than the flow's.
    case wrongScene(expected: String, found: String)
    /// An external state URL of a kind not in ``URLRouter/externalStateURLs``.
    case externalStateURLsDisabled(scene: String)
    /// The deep link does not accept URLs from this source (``DeepLink/sources``).
    case sourceNotAllowed(pattern: String, source: ChangeSource)
    /// The change would remove or hide a screen whose policy is `InterruptionPolicy.reject`.
    case blocked(route: String, element: ElementID)
    /// ``FlowURLs/commit(_:)`` got a plan made for another state than the current one.
    case stalePlan
    /// An `AsyncNavigationGuard` did not answer within `FlowConfiguration.asyncGuardTimeout`.
    case guardTimedOut(guard: String)
    /// A newer URL was opened while this one waited for an asynchronous guard, or it was cancelled.
    case superseded
    /// An `AsyncNavigationGuard` watches a route the URL adds: use `openAwaitingGuards`.
    case awaitsAsyncGuards
    /// An external state URL names a route that is ``URLAccess/internal``.
    case internalRoute(String)
    /// The change the URL asks for does not fit the state.
    case navigation(NavigationError)
}

/// How a URL breaks the grammar; see ``DeepLinkError/malformed(_:offset:)``.
public enum URLSyntaxProblem: Hashable, Sendable {
    /// A `%` without two hexadecimal digits after it.
    case percentEncoding
    /// A segment that is `.` or `..` in any spelling (`%2e`); refused, never resolved.
    case dotSegment
    /// An empty segment (`//`) or an empty value where one is needed.
    case emptySegment
    /// A raw byte of 0x80 or above where only ASCII is allowed (state URLs).
    case rawNonASCII
    /// A control character, raw or percent-encoded.
    case controlCharacter
    /// A `$` escape other than `$`, `$.` and `$..`.
    case escape
    /// A `(` without its `)`, or a `)` without its `(`.
    case unbalancedParenthesis
    /// A byte the grammar does not allow at this place.
    case unexpectedByte(UInt8)
    /// The input ends where the grammar needs more.
    case unexpectedEnd
    /// Input after a complete group.
    case trailingInput
    /// A user name or password before the host (`https://evil@host/`).
    case userInfo
    /// A `*` marker the grammar does not know, or one where it is not allowed.
    case unknownMarker
    /// An unknown sheet option, a bad detent, a second `@` detent, or `grabber` with `nograbber`.
    case sheetOption
    /// A modal style the grammar does not know.
    case unknownModalStyle
    /// A `!style` with no content after it.
    case missingModalContent
    /// An alert or a confirmation dialog holding something other than one screen.
    case overlayNeedsScreen
    /// An alert or a confirmation dialog presenting something.
    case overlayCannotPresent
    /// A node that already presents a modal, given a second one.
    case secondModal
    /// A tab or column named twice in one tab bar or split view.
    case duplicateMember
    /// Two tabs marked `@` in one `*tabs(…)`.
    case duplicateSelection
    /// A modal off the focus path (a sheet in an unselected tab); the offset is its `!`.
    case modalOffFocusPath
    /// A split view without its sidebar.
    case missingSidebar
}

/// Why a state could not be printed as a URL.
public enum URLPrintError: Error, Hashable, Sendable {
    /// No route pattern prints this route (``URLConfigurationProblem/noURLPattern(route:)``).
    case noPattern(route: String)
    /// The router has no scene kind of that name.
    case unknownScene(String)
    /// A sheet detent the grammar cannot carry: not finite, or outside its range.
    case invalidDetent(SheetDetent)
    /// The element is not a screen that a state cut at it would focus.
    case notAWaypoint(ElementID)
    /// A parameter's text holds a control character (U+0000–U+001F, U+007F): the router refuses
    /// them in what it reads, raw or percent-encoded, so a URL holding one would not read back.
    /// A type that must carry them writes them otherwise in its ``URLParameter/urlComponent``.
    case controlCharacter(route: String, parameter: String)
}

/// The problems that stopped a ``URLRouter`` from being built.
public struct URLConfigurationError: Error, Hashable, Sendable {
    /// Every problem found, in declaration order.
    public let problems: [URLConfigurationProblem]
    /// Creates the error.
    public init(problems: [URLConfigurationProblem]) { self.problems = problems }
}

/// A problem in a router's configuration (thrown when building, or from `validate(routes:)`).
public enum URLConfigurationProblem: Hashable, Sendable {
    /// A template that breaks the template grammar at `offset`.
    case badTemplate(pattern: String, offset: Int)
    /// The template's placeholders and the closure's parameters differ in number.
    case arityMismatch(pattern: String, placeholders: Int, parameters: Int)
    /// A placeholder whose form does not suit its type (`{x?}` needs an `Optional`, `{x*}` an `Array`).
    case parameterTypeMismatch(pattern: String, name: String, type: String)
    /// A default (`{page=1}`) that does not parse as its parameter's type.
    case badDefault(pattern: String, name: String, text: String)
    /// Two patterns share a keyword, or a keyword and an alias are equal.
    case duplicateKeyword(String)
    /// A route the flow can reach that no pattern prints.
    case noURLPattern(route: String)
    /// A route that more than one pattern prints.
    case ambiguousRoute(route: String, patterns: [String])
    /// A route whose printed text does not parse back to it: `make` and `match` disagree.
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
    /// A scene name equal to a deep link's first constant or an external pattern's keyword.
    case sceneCollision(String)
    /// A scene kind named where the router has none of that name.
    case unknownScene(String)
    /// A deep link that names a scene kind the router does not have.
    case unknownLinkScene(pattern: String, scene: String)
    /// A tab id that is not a URL label (`[a-z0-9][a-z0-9._-]*`); it still works, percent-encoded.
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
    /// Two links of different shapes can match the same URL; precedence picks `preferred`.
    case overlappingLinks(preferred: String, other: String)
}
