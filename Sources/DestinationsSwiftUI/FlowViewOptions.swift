#if canImport(SwiftUI) && !os(watchOS)
import Destinations
import SwiftUI

/// What a ``FlowView`` needs besides the screens: tab labels, empty split view columns, and
/// timing and diagnostics for staged changes.
///
/// ```swift
/// var options = FlowViewOptions<AppRoute>()
/// options.tabLabel = { tab in AnyView(Label(tab.rawValue.capitalized, systemImage: "circle")) }
/// FlowView(flow, options: options) { screen in … }
/// ```
@MainActor
public struct FlowViewOptions<Route: NavigationRoute> {
    /// The label of each tab in a tab bar; by default, the tab's id as text.
    public var tabLabel: @MainActor (TabID) -> AnyView = { tab in AnyView(Text(tab.rawValue)) }
    /// What an empty split view column shows; by default, nothing.
    public var emptyColumn: @MainActor (SplitColumn) -> AnyView = { _ in AnyView(Color.clear) }
    /// How long a stage of a multi-modal change waits for its transition to be reported
    /// (a sheet's `onDismiss`, the presented content's `onAppear`) before the next stage shows.
    public var stageTimeout: Duration = .milliseconds(650)
    /// How long a stage that changes containers only (a push, a tab) is given to animate
    /// before the next stage presents.
    public var containerStageDelay: Duration = .milliseconds(350)
    /// Called with each intermediate state shown while a change is staged, and with `nil` when
    /// the view follows the flow's state again: for logs and on-device checks of stage timing.
    public var onStage: (@MainActor (NavigationState<Route>?) -> Void)?

    /// Options with the defaults.
    public init() {}

    /// Options with tab labels and empty columns given as views.
    ///
    /// - Parameters:
    ///   - tabLabel: The label of each tab, usually a `Label`.
    ///   - emptyColumn: What an empty split view column shows.
    public init<TabLabel: View, Empty: View>(
        tabLabel: @escaping @MainActor (TabID) -> TabLabel,
        emptyColumn: @escaping @MainActor (SplitColumn) -> Empty = { _ in Color.clear }
    ) {
        self.tabLabel = { AnyView(tabLabel($0)) }
        self.emptyColumn = { AnyView(emptyColumn($0)) }
    }
}

extension SheetDetent {
    /// The SwiftUI detent for this one. Heights are points.
    public var swiftUI: PresentationDetent {
        switch self {
        case .medium: .medium
        case .large: .large
        case .fraction(let value): .fraction(CGFloat(value))
        case .height(let value): .height(CGFloat(value))
        }
    }
}

extension SplitColumn {
    /// The SwiftUI column that shows this column.
    public var swiftUI: NavigationSplitViewColumn {
        switch self {
        case .sidebar: .sidebar
        case .content: .content
        case .detail: .detail
        }
    }
}
#endif
