#if canImport(SwiftUI)
public import Destinations
public import SwiftUI

/// A button that navigates by a presentation, from the screen whose view shows it: SwiftUI's
/// `NavigationLink`, driven by the flow.
///
/// ```swift
/// FlowView(flow) { screen in
///     VStack {
///         RouteLink(.push(.about), from: screen) { Text("About") }
///         RouteLink(.showNext(.note(id: 7)), from: screen) { Text("Note 7") }
///     }
/// }
/// ```
///
/// The presentation goes through the flow like any other (``/Destinations/Flow/apply(_:from:handing:)``):
/// guards, limits and transactions apply, and a refusal goes to the flow's logger,
/// ``/Destinations/Flow/onRefusal`` and its event stream. A link in a view that is animating away (its screen
/// already left the flow) does nothing.
///
/// A link names a fixed presentation, which is right for a view that only links; a screen
/// whose navigation should stay swappable (A/B tests, mocks) sends its Destination an event
/// instead.
@MainActor
public struct RouteLink<Route: NavigationRoute, Label: View>: View {
    private let presentation: Presentation<Route>
    private let screen: ScreenContext<Route>
    private let label: Label

    /// A link that applies `presentation` from `screen`.
    public init(_ presentation: Presentation<Route>, from screen: ScreenContext<Route>, @ViewBuilder label: () -> Label)
    {
        self.presentation = presentation
        self.screen = screen
        self.label = label()
    }

    /// The button.
    public var body: some View {
        Button {
            screen.navigate(presentation)
        } label: {
            label
        }
    }
}

extension RouteLink where Label == Text {
    /// A link with a text label.
    public init(_ title: String, _ presentation: Presentation<Route>, from screen: ScreenContext<Route>) {
        self.init(presentation, from: screen) { Text(title) }
    }
}
#endif
