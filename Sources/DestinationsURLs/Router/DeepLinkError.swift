public import Destinations

/// Why a URL was refused. Nothing changes when a URL is refused: parsing is pure, and the flow
/// applies a URL in one transaction or not at all.
///
/// Offsets are byte offsets into the UTF-8 text that was parsed: the whole URL, or for a
/// relative path and a link's `.state` path, that path. Inputs echoed in an error are cut to
/// their first 64 bytes.
public enum DeepLinkError: Error, Hashable, Sendable {
    /// The input is longer than the limit allows (checked before anything else).
    case tooLong(bytes: Int, limit: Int)
    /// The path has more segments than the limit allows.
    case tooManySegments(count: Int, limit: Int)
    /// One segment is longer than the limit allows; `offset` is where it starts.
    case segmentTooLong(bytes: Int, limit: Int, offset: Int)
    /// Groups and modals nest deeper than the limit allows.
    case tooDeep(depth: Int, limit: Int)
    /// The resulting state would hold more screens than the limit allows.
    case tooManyScreens(count: Int, limit: Int)
    /// The query has more items than the limit allows.
    case tooManyQueryItems(count: Int, limit: Int)
    /// The parameters decode to more bytes in total than the limit allows.
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
    /// A state URL with a query or a fragment; state URLs never carry them.
    case unexpectedQuery
    /// A relative path climbs (`..`) out of the root stack of a tab, a column or the scene.
    case relativePathEscapesRoot
    /// No window with that scene id is connected (`Scenes.open(_:in:router:source:)`).
    case sceneNotConnected(String)
    /// A state URL of another scene than the flow's.
    case wrongScene(expected: String, found: String)
    /// An external source sent a state URL of a kind that does not accept them
    /// (``URLRouter/externalStateURLs``); the app and trusted sources always may.
    case externalStateURLsDisabled(scene: String)
    /// The deep link does not accept URLs from this source (``DeepLink/sources``).
    case sourceNotAllowed(pattern: String, source: ChangeSource)
    /// The change would remove or hide a screen whose policy is `InterruptionPolicy.reject`.
    case blocked(route: String, element: ElementID)
    /// ``FlowURLs/commit(_:)`` got a plan made for another state than the current one.
    case stalePlan
    /// An `AsyncNavigationGuard` did not answer within `FlowConfiguration.asyncGuardTimeout`.
    case guardTimedOut(guard: String)
    /// A newer URL was opened while this one waited for an asynchronous guard (the newest
    /// wins), or the task opening it was cancelled.
    case superseded
    /// An `AsyncNavigationGuard` watches a route the URL adds, and the door cannot wait: open
    /// it with ``FlowURLs/openAwaitingGuards(_:source:)`` (or resume it with
    /// `Flow.resumePendingAwaitingGuards()`), which asks the guard first.
    case awaitsAsyncGuards
    /// An external URL would construct a route that is not open to external sources
    /// (``URLAccess/internal``): a state URL naming an internal route.
    case internalRoute(String)
    /// The change the URL asks for does not fit the state.
    case navigation(NavigationError)
}

/// How a URL breaks the grammar; see ``DeepLinkError/malformed(_:offset:)``.
public enum URLSyntaxProblem: Hashable, Sendable {
    /// A `%` without two hexadecimal digits after it.
    case percentEncoding
    /// A segment that is `.` or `..` in any spelling (`%2e`, `.%2E`, …); they are refused, never
    /// resolved.
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
    /// Input after a complete group: more after a modal's content, say.
    case trailingInput
    /// A user name or password before the host (`https://evil@host/`).
    case userInfo
    /// A `*` marker the grammar does not know, or one used where it is not allowed.
    case unknownMarker
    /// A sheet option that is not valid: an unknown word, a fraction outside (0, 1], a height
    /// that is not above 0, a second `@` detent, or both `grabber` and `nograbber`.
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
    /// A modal off the focus path, such as a sheet in a tab that is not selected: a window shows
    /// one chain of presentations. The offset is the modal's `!`.
    case modalOffFocusPath
    /// A split view without its sidebar (`sidebar:*none`, or an explicit split that omits it).
    case missingSidebar
}
