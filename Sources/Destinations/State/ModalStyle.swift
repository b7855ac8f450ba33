/// How a ``Modal`` is presented.
public enum ModalStyle: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A sheet, with its options.
    case sheet(SheetOptions)
    /// A cover that fills the screen.
    case fullScreenCover
    /// An alert. Its content is one screen whose Destination owns the buttons' events.
    case alert
    /// A confirmation dialog (an action sheet). Its content is one screen.
    case confirmationDialog

    /// A sheet with the default options.
    public static var sheet: ModalStyle { .sheet(SheetOptions()) }

    /// Whether the style is an alert or a confirmation dialog: an overlay that holds one screen,
    /// leaves the screen under it visible, and presents nothing itself.
    public var isOverlay: Bool {
        switch self {
        case .alert, .confirmationDialog: true
        case .sheet, .fullScreenCover: false
        }
    }

    /// The style's name: `sheet`, `fullScreenCover`, `alert` or `confirmationDialog`.
    public var name: String {
        switch self {
        case .sheet: "sheet"
        case .fullScreenCover: "fullScreenCover"
        case .alert: "alert"
        case .confirmationDialog: "confirmationDialog"
        }
    }

    /// The style with its options, as in a transcript: `sheet[medium,large]`.
    public var description: String {
        switch self {
        case .sheet(let options) where options != SheetOptions(): "sheet\(options)"
        default: name
        }
    }
}

/// The options of a sheet.
public struct SheetOptions: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The heights the sheet can rest at; empty means the platform's default (large).
    public var detents: [SheetDetent]
    /// The detent the sheet opens at; `nil` means the first of ``detents``.
    public var selectedDetent: SheetDetent?
    /// Whether the sheet shows a drag indicator; `nil` leaves it to the platform.
    public var showsDragIndicator: Bool?
    /// Whether swiping the sheet down is prevented.
    public var interactiveDismissDisabled: Bool

    /// Creates sheet options.
    public init(
        detents: [SheetDetent] = [],
        selectedDetent: SheetDetent? = nil,
        showsDragIndicator: Bool? = nil,
        interactiveDismissDisabled: Bool = false
    ) {
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.showsDragIndicator = showsDragIndicator
        self.interactiveDismissDisabled = interactiveDismissDisabled
    }

    /// The options as `[medium,large,@medium,grabber,locked]`: the detents, then the selected
    /// one after `@`, `grabber` or `nograbber` when the drag indicator is set, and `locked` when
    /// interactive dismissal is off. Options that differ always print differently.
    public var description: String {
        var parts = detents.map { $0.description }
        if let selectedDetent { parts.append("@\(selectedDetent)") }
        if let showsDragIndicator { parts.append(showsDragIndicator ? "grabber" : "nograbber") }
        if interactiveDismissDisabled { parts.append("locked") }
        return "[" + parts.joined(separator: ",") + "]"
    }
}

/// A height at which a sheet rests.
public enum SheetDetent: Hashable, Codable, Sendable, CustomStringConvertible {
    /// About half the screen.
    case medium
    /// The full height.
    case large
    /// A fraction of the full height, from 0 to 1.
    case fraction(Double)
    /// A fixed height in points.
    case height(Double)

    /// The detent as `medium`, `large`, `0.3` or `200pt`.
    public var description: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let value): "\(value)"
        case .height(let value): "\(value)pt"
        }
    }
}
