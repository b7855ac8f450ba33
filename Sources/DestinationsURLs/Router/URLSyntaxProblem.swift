public import Destinations

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
