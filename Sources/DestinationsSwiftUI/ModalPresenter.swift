#if canImport(SwiftUI) && !os(watchOS)
import Destinations
import SwiftUI

/// The content of a modal, as SwiftUI's `item`.
struct ModalItem: Identifiable, Hashable {
    /// The id of the modal's content.
    let id: ElementID
}

/// What an element presents — a sheet, a cover, an alert or a confirmation dialog — bound to
/// its `modal`. Getters read the element live; a write becomes an identity-checked report.
struct ModalPresenter<Route: NavigationRoute>: ViewModifier {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    /// What the element presents as its view last read it.
    let modal: Modal<Route>?

    /// The ways a modal shows.
    enum Kind {
        case sheet, cover, alert, dialog
    }

    func body(content: Content) -> some View {
        let overlay = overlayContent
        covered(
            content.sheet(item: item(.sheet), onDismiss: renderer.modalDismissed) { item in
                presented(item.id).modifier(SheetOptionsModifier(renderer: renderer, presenter: id, content: item.id))
            }
        )
        .alert(Text(overlay?.title ?? ""), isPresented: isPresented(.alert), presenting: overlay) { overlay in
            buttons(of: overlay)
        } message: { overlay in
            if let message = overlay.message { Text(message) }
        }
        .confirmationDialog(
            Text(overlay?.title ?? ""), isPresented: isPresented(.dialog), titleVisibility: .visible, presenting: overlay
        ) { overlay in
            buttons(of: overlay)
        } message: { overlay in
            if let message = overlay.message { Text(message) }
        }
    }

    /// Full-screen covers where the platform has them, sheets elsewhere.
    @ViewBuilder
    private func covered(_ view: some View) -> some View {
        #if os(macOS)
        view.sheet(item: item(.cover), onDismiss: renderer.modalDismissed) { presented($0.id) }
        #else
        view.fullScreenCover(item: item(.cover), onDismiss: renderer.modalDismissed) { presented($0.id) }
        #endif
    }

    /// The modal's content: its subtree, which tells the stager when it appears.
    private func presented(_ content: ElementID) -> some View {
        NodeView(renderer: renderer, id: content)
            .onAppear { renderer.modalAppeared(content) }
    }

    /// The element's modal when it shows as `kind`, read live.
    private func modal(_ kind: Kind) -> Modal<Route>? {
        guard let modal = renderer.node(id)?.modal else { return nil }
        switch (modal.style, kind) {
        case (.sheet, .sheet), (.fullScreenCover, .cover), (.alert, .alert), (.confirmationDialog, .dialog): return modal
        default: return nil
        }
    }

    /// The item of a sheet or cover. Setting it to `nil` (a swipe down) reports the dismissal
    /// of the content SwiftUI was showing, which is ignored when the state no longer has it.
    private func item(_ kind: Kind) -> Binding<ModalItem?> {
        let shown = modal(kind)?.node.id
        return Binding(
            get: { modal(kind).map { ModalItem(id: $0.node.id) } },
            set: { newValue in
                guard newValue == nil, let shown else { return }
                renderer.report(try? UserAction.dismissal(of: shown, in: renderer.flow.state))
            }
        )
    }

    /// Whether an alert or dialog shows. SwiftUI's order of this write and a button's action is
    /// undocumented, so the dismissal is reported one turn later: after a tap, the alert is
    /// already gone from the state and the report is `nil`.
    private func isPresented(_ kind: Kind) -> Binding<Bool> {
        let shown = modal(kind)?.node.id
        return Binding(
            get: { modal(kind) != nil },
            set: { isPresented in
                guard !isPresented, let shown else { return }
                Task { @MainActor in
                    await Task.yield()
                    renderer.report(try? UserAction.dismissal(of: shown, in: renderer.flow.state))
                }
            }
        )
    }

    /// What the alert or dialog shows: its content from the flow, or its route's name with an
    /// OK button while a staged state shows it.
    private var overlayContent: OverlayContent? {
        guard let modal, modal.style.isOverlay else { return nil }
        let alert = modal.node.id
        guard let display = renderer.flow.alertDisplay(of: alert) else {
            return OverlayContent(
                alert: alert, title: modal.node.route?.name ?? "", message: nil,
                buttons: [OverlayContent.Button(label: "OK", role: .cancel)]
            )
        }
        return OverlayContent(
            alert: alert, title: display.title, message: display.message,
            buttons: display.buttons.map { OverlayContent.Button(label: $0.label, role: $0.role) }
        )
    }

    /// The buttons of an alert or dialog; a tap goes to the flow, which sends the button's
    /// event and dismisses the alert.
    @ViewBuilder
    private func buttons(of overlay: OverlayContent) -> some View {
        ForEach(Array(overlay.buttons.enumerated()), id: \.offset) { index, button in
            Button(button.label, role: button.role?.swiftUI) {
                try? renderer.flow.tapAlertButton(index, of: overlay.alert)
            }
        }
    }
}

/// An alert's content as the presenter draws it.
struct OverlayContent: Hashable {
    /// One button.
    struct Button: Hashable {
        let label: String
        let role: AlertRole?
    }

    let alert: ElementID
    let title: String
    let message: String?
    let buttons: [Button]
}

extension AlertRole {
    /// The SwiftUI role for this one.
    public var swiftUI: ButtonRole {
        switch self {
        case .cancel: .cancel
        case .destructive: .destructive
        }
    }
}

/// A sheet's detents (with the selected one bound to the state), drag indicator and
/// interactive-dismiss lock, read live from the presenter's modal.
struct SheetOptionsModifier<Route: NavigationRoute>: ViewModifier {
    let renderer: FlowRenderer<Route>
    let presenter: ElementID
    let content: ElementID

    func body(content view: Content) -> some View {
        let options = self.options
        view
            .presentationDetents(Set(options.offeredDetents.map(\.swiftUI)), selection: detent)
            .presentationDragIndicator(
                options.showsDragIndicator.map { $0 ? Visibility.visible : .hidden } ?? .automatic
            )
            .interactiveDismissDisabled(options.interactiveDismissDisabled)
    }

    /// The sheet's options while the presenter still shows it; the defaults after.
    private var options: SheetOptions {
        guard let modal = renderer.node(presenter)?.modal, modal.node.id == content,
            case .sheet(let options) = modal.style
        else { return SheetOptions() }
        return options
    }

    /// The detent the sheet rests at, read live; a drag reports the detent it moved to.
    private var detent: Binding<PresentationDetent> {
        Binding(
            get: { options.restingDetent.swiftUI },
            set: { selected in
                guard let detent = options.offeredDetents.first(where: { $0.swiftUI == selected }) else { return }
                renderer.report(try? UserAction.sheet(content, movedTo: detent, in: renderer.flow.state))
            }
        )
    }
}
#endif
