#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// The modals of one element: `.sheet`, `.fullScreenCover`, `.alert` and
/// `.confirmationDialog`, each bound to the element's modal in the state.
///
/// A setter reports the dismissal of the modal this body showed, named by its content
/// (``UserAction/dismissal(of:in:)``), so a late report cannot dismiss a newer modal. An alert's
/// closing is reported one main-actor turn late, because SwiftUI does not say whether it
/// writes `isPresented` before or after running the tapped button's action; the tap itself
/// goes to ``Flow/tapAlertButton(_:of:)``, which sends the button's event and then dismisses.
struct ModalPresenter<Route: NavigationRoute, Screen: View>: ViewModifier {
    let renderer: FlowRenderer<Route, Screen>
    let node: NavigationNode<Route>
    /// The sheets and covers of this element that SwiftUI was asked to take down and whose
    /// `onDismiss` has not come, oldest first: each `onDismiss` is the oldest one's.
    @State private var leaving = Memory<[ElementID]>()

    func body(content: Content) -> some View {
        let alertID = node.modal.flatMap { $0.style.isOverlay ? $0.node.id : nil }
        let sheet = node.modal.flatMap { $0.style.isOverlay ? nil : ShownSheet(id: $0.node.id, style: $0.style.name) }
        let display = alertID.flatMap { renderer.alertDisplay(of: $0) }
        return
            content
            .sheet(item: item { if case .sheet = $0 { true } else { false } }, onDismiss: dismissed) { item in
                modalContent(item).modifier(
                    SheetOptionsModifier(renderer: renderer, presenter: node.id, modal: item.id))
            }
            .coverOrSheet(item: item { $0 == .fullScreenCover }, onDismiss: dismissed) { item in
                modalContent(item)
            }
            .alert(Text(display?.title ?? ""), isPresented: overlay(.alert), presenting: display) { display in
                buttons(display, alert: alertID)
            } message: { display in
                if let message = display.message { Text(message) }
            }
            .confirmationDialog(
                Text(display?.title ?? ""), isPresented: overlay(.confirmationDialog), titleVisibility: .visible,
                presenting: display
            ) { display in
                buttons(display, alert: alertID)
            } message: { display in
                if let message = display.message { Text(message) }
            }
            .onChange(of: sheet) { old, new in
                // SwiftUI is asked to take the sheet or cover down: its onDismiss comes later.
                if let old, old != new { willLeave(old.id) }
            }
            .onDisappear { leaving.value = nil }
    }

    private func modalContent(_ item: ModalItem) -> some View {
        NodeView(renderer: renderer, id: item.id).onAppear {
            renderer.driver.transitionEnded(.appeared(modal: item.id))
        }
    }

    /// Records that SwiftUI takes `modal` down, once: a swipe-down records it from the binding,
    /// before the `onDismiss` that may come in the same callback.
    private func willLeave(_ modal: ElementID) {
        if leaving.value?.last != modal { leaving.value = (leaving.value ?? []) + [modal] }
    }

    /// A sheet or cover of this element finished leaving: the oldest one not reported yet.
    private func dismissed() {
        guard let modal = leaving.value?.first else { return }
        leaving.value?.removeFirst()
        renderer.driver.transitionEnded(.dismissed(presenter: node.id, modal: modal))
    }

    /// The binding of a sheet or a cover: the modal when its style matches.
    private func item(_ matches: @escaping (ModalStyle) -> Bool) -> Binding<ModalItem?> {
        let shown = node.modal.flatMap { matches($0.style) ? $0.node.id : nil }
        return Binding(
            get: { [renderer, node] in
                guard let modal = renderer.node(node.id)?.modal, matches(modal.style) else { return nil }
                return ModalItem(id: modal.node.id)
            },
            set: { [renderer] value in
                guard value == nil, let shown else { return }
                willLeave(shown)
                renderer.driver.report(leaving: true) { state throws(NavigationError) in
                    try UserAction.dismissal(of: shown, in: state)
                }
            }
        )
    }

    /// The binding of an alert or a confirmation dialog.
    private func overlay(_ style: ModalStyle) -> Binding<Bool> {
        let shown = node.modal.flatMap { $0.style == style ? $0.node.id : nil }
        return Binding(
            get: { [renderer, node] in renderer.node(node.id)?.modal?.style == style },
            set: { [renderer] isPresented in
                guard !isPresented, let shown else { return }
                Task {
                    await Task.yield()
                    renderer.driver.report(leaving: true) { state throws(NavigationError) in
                        try UserAction.dismissal(of: shown, in: state)
                    }
                }
            }
        )
    }

    @ViewBuilder
    private func buttons(_ display: AlertDisplay, alert: ElementID?) -> some View {
        ForEach(Array(display.buttons.enumerated()), id: \.offset) { index, button in
            Button(button.label, role: button.role.map { $0 == .cancel ? ButtonRole.cancel : ButtonRole.destructive }) {
                if let alert { renderer.driver.tapAlertButton(index, of: alert) }
            }
        }
    }
}

/// The sheet or cover an element shows, as its `onDismiss` pairing follows it.
private struct ShownSheet: Equatable {
    let id: ElementID
    let style: String
}

/// A modal's content, identified by its element id.
struct ModalItem: Identifiable, Hashable {
    let id: ElementID
}

/// A sheet's ``SheetOptions``: detents and the selected one, the drag indicator, and whether a
/// swipe may dismiss it. Dragging to another detent reports ``UserAction/movedSheet(to:modal:)``.
struct SheetOptionsModifier<Route: NavigationRoute, Screen: View>: ViewModifier {
    let renderer: FlowRenderer<Route, Screen>
    let presenter: ElementID
    let modal: ElementID

    func body(content: Content) -> some View {
        let options = currentOptions
        let indicator: Visibility = options.showsDragIndicator.map { $0 ? .visible : .hidden } ?? .automatic
        return Group {
            if options.detents.isEmpty {
                content
            } else {
                content.presentationDetents(Set(options.detents.map(\.swiftUI)), selection: selection(options.detents))
            }
        }
        .presentationDragIndicator(indicator)
        .interactiveDismissDisabled(options.interactiveDismissDisabled)
    }

    private var currentOptions: SheetOptions {
        guard let modal = renderer.node(presenter)?.modal, case .sheet(let options) = modal.style else {
            return SheetOptions()
        }
        return options
    }

    private func selection(_ detents: [SheetDetent]) -> Binding<PresentationDetent> {
        Binding(
            get: { [renderer, presenter] in
                guard let modal = renderer.node(presenter)?.modal, case .sheet(let options) = modal.style else {
                    return detents[0].swiftUI
                }
                return (options.selectedDetent ?? detents[0]).swiftUI
            },
            set: { [renderer, modal] detent in
                guard let moved = detents.first(where: { $0.swiftUI == detent }) else { return }
                renderer.driver.report { state throws(NavigationError) in
                    try UserAction.sheet(modal, movedTo: moved, in: state)
                }
            }
        )
    }
}

extension SheetDetent {
    /// The SwiftUI detent.
    var swiftUI: PresentationDetent {
        switch self {
        case .medium: .medium
        case .large: .large
        case .fraction(let value): .fraction(value)
        case .height(let value): .height(value)
        }
    }
}

extension View {
    /// A full-screen cover where the platform has one, a sheet elsewhere.
    @ViewBuilder
    fileprivate func coverOrSheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>,
        onDismiss: @escaping () -> Void,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        #if os(macOS)
        sheet(item: item, onDismiss: onDismiss, content: content)
        #else
        fullScreenCover(item: item, onDismiss: onDismiss, content: content)
        #endif
    }
}
#endif
