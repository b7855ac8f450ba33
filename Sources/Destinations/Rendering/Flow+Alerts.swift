// Performance: the push-back, select-tab and sheet figures (the pipeline calls it) (Benchmarks/README.md, "Figures").
extension Flow {
    /// What the alert or confirmation dialog whose content is `alert` shows: its
    /// ``AlertDestination/alert`` content, or its route's name with one *OK* button when its
    /// Destination is not an ``AlertDestination``. `nil` when no alert with that content is on
    /// screen.
    ///
    /// There is always a button: content without any gets one *OK* button with the cancel role
    /// that only dismisses, because a platform alert without actions cannot be closed (UIKit's
    /// alert, and its action sheet on iPhone), and an iPad popover closed by a tap outside
    /// stands for the cancel button (``AlertDisplay/cancelButton``).
    public func alertDisplay(of alert: ElementID) -> AlertDisplay? {
        guard isAlertOnScreen(alert) else { return nil }
        if let destination = live[alert]?.object as? any AlertDestination {
            return Self.display(of: destination)
        }
        let title = storage.node(alert)?.route?.name ?? ""
        return AlertDisplay(title: title, message: nil, buttons: [AlertDisplay.Button.ok])
    }

    /// What a tap on button `index` of an alert does on every platform: an
    /// ``ChangeRequest/alertTap(_:of:)`` request through ``perform(_:)``, which sends the
    /// button's event to the alert's Destination, then dismisses the alert if the event left it
    /// up. During a commit the tap waits in the flow's one queue, in call order with every other
    /// change asked for then.
    ///
    /// The tap happened, so the alert goes even when its event is refused: that refusal goes
    /// to the logger, ``onRefusal`` and the event stream, and is not thrown.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` with
    ///   ``UserActionProblem/modalGone(_:)`` when no alert with that content is on screen (a
    ///   late or repeated tap) or ``UserActionProblem/noSuchButton(_:alert:)``; the state is
    ///   then unchanged.
    @discardableResult
    public func tapAlertButton(_ index: Int, of alert: ElementID) throws(NavigationError) -> ChangeOutcome<Route> {
        try perform(.alertTap(index, of: alert))
    }

    /// Checks that a tap on button `index` of `alert` can run now.
    func checkTap(_ index: Int, of alert: ElementID) throws(NavigationError) {
        // A tap made while the same alert's tap is under way (its event's handler tapped
        // again) is a repeated tap: the alert's dismissal already waits in the queue.
        guard isAlertOnScreen(alert), !queue.contains(where: { $0.dismisses(alert) }) else {
            throw .staleUserAction(.modalGone(alert))
        }
        if let destination = live[alert]?.object as? any AlertDestination {
            guard Self.display(of: destination).buttons.indices.contains(index) else {
                throw .staleUserAction(.noSuchButton(index, alert: alert))
            }
        } else if index != 0 {
            throw .staleUserAction(.noSuchButton(index, alert: alert))
        }
    }

    /// Runs a tap as two requests of the one queue: the button's event now, then the alert's
    /// dismissal, which waits at the head of the queue so that whatever the event (and the
    /// changes it makes) asks for runs after the alert is gone, in call order.
    @usableFromInline func tap(_ index: Int, of alert: ElementID, cause: FlowEvent<Route>.Cause) -> Result<
        ChangeOutcome<Route>, NavigationError
    > {
        do throws(NavigationError) {
            try checkTap(index, of: alert)
        } catch {
            refuse(cause, error)
            return .failure(error)
        }
        let destination = live[alert]?.object as? any AlertDestination
        queue.insert(.dismissAlert(alert), at: 0)
        if let destination {
            let reported = refusals
            do throws(NavigationError) {
                try Self.sendButton(index, of: destination)
            } catch {
                // Refusals of the change the event asked for are reported where they happen; an
                // event that never reached a change (unconfigured, an assistant that threw) is
                // reported here, with the event as its cause.
                if refusals == reported, let route = storage.node(alert)?.route {
                    refuse(
                        .event(Self.buttonEvent(index, of: destination), route: route, from: alert, .path([])), error)
                }
            }
        }
        // The dismissal is still waiting unless a change the event made ran the queue.
        var result = Result<ChangeOutcome<Route>, NavigationError>.success(.applied)
        if let head = queue.firstIndex(where: { $0.dismisses(alert) }) {
            queue.remove(at: head)
            if isAlertOnScreen(alert) { result = process(.userAction(.dismissed(modal: alert)), judgedAsync: []) }
        }
        drainQueue()
        return result
    }

    /// Runs `work` once the change under way — an alert's tap — is done and the alert gone, in
    /// the flow's one queue; outside a change, now.
    func afterAlertTap(_ work: @escaping @MainActor () -> Void) {
        if isBusy || queue.contains(where: { if case .dismissAlert = $0 { true } else { false } }) {
            queue.append(.followUp(work))
        } else {
            work()
        }
    }

    /// Whether `alert` is the content of an alert or confirmation dialog on screen.
    func isAlertOnScreen(_ alert: ElementID) -> Bool {
        storage.presentedChain.contains { $0.modal == alert && $0.style.isOverlay }
    }

    static func display<D: AlertDestination>(of destination: D) -> AlertDisplay {
        let content = destination.alert
        return AlertDisplay(
            title: content.title,
            message: content.message,
            buttons: content.buttons.isEmpty
                ? [.ok] : content.buttons.map { AlertDisplay.Button(label: $0.label, role: $0.role) }
        )
    }

    static func buttonEvent<D: AlertDestination>(_ index: Int, of destination: D) -> AnyEvent {
        let buttons = destination.alert.buttons
        // The *OK* button given to content without buttons sends nothing.
        guard buttons.indices.contains(index) else { return AnyEvent(AlertDisplay.Button.ok.label) }
        guard let event = buttons[index].event else { return AnyEvent(buttons[index].label) }
        return AnyEvent(event)
    }

    static func sendButton<D: AlertDestination>(_ index: Int, of destination: D) throws(NavigationError) {
        let buttons = destination.alert.buttons
        guard buttons.indices.contains(index), let event = buttons[index].event else { return }
        try destination.send(event, carrying: buttons[index].content)
    }
}

extension DestinationContext {
    /// The Destination of the screen that presents the modal holding this Destination's
    /// screen — for an alert, the screen it asks about — when it is of type `D`.
    public func presenter<D: Destination>(as type: D.Type = D.self) -> D? where D.Route == Route {
        guard let id, let flow, let presenter = flow.presenter(of: id) else { return nil }
        return flow.destination(presenter, as: type)
    }
}

extension Flow {
    /// The element that presents the modal holding `id`, or `nil` when no modal holds it.
    public func presenter(of id: ElementID) -> ElementID? {
        guard let path = storage.root.path(to: id), let modalStep = path.lastIndex(of: .modal),
            let content = storage.root.node(at: path[...modalStep])
        else { return nil }
        return storage.presentedChain.first { $0.modal == content.id }?.presenter
            ?? storage.root.node(at: path[..<modalStep])?.id
    }
}

extension EventResponse {
    /// Sends `event` to the Destination of the screen that presents this one: for an alert's
    /// button whose work must outlive the alert, which is gone as soon as it is tapped.
    ///
    /// ```swift
    /// events.on(.confirm, .toPresenter(NoteDetail.self, .confirmDelete))
    /// ```
    ///
    /// During ``Flow/tapAlertButton(_:of:)`` the presenter gets the event after the alert has
    /// closed, so that it can present in turn; its refusal is reported (logger,
    /// ``Flow/onRefusal``, the event stream) like ``Destination/post(_:content:)``.
    ///
    /// - Throws (when the event is sent): ``NavigationError/presenterMismatch(expected:presenter:)``
    ///   when the presenter is not a `P`; ``NavigationError/destinationRemoved(_:)`` naming the
    ///   presenter when it is gone, or the alert when it has no presenter.
    public static func toPresenter<P: Destination>(_ type: P.Type, _ event: P.Event, content: (any Sendable)? = nil)
        -> EventResponse
    where P.Route == D.Route {
        .perform { input in
            let context = input.destination.context
            guard let flow = context.flow else { throw NavigationError.destinationRemoved(context.id ?? ElementID(0)) }
            let presenter = try flow.presentingDestination(ofAlert: context.id, as: P.self)
            // During an alert's tap, the presenter gets the event once the alert has closed, so
            // that it can present; its refusal is reported like a view's `post`.
            flow.afterAlertTap { presenter.post(event, carrying: content) }
        }
    }
}

extension Flow {
    /// The Destination, of type `P`, of the screen the alert `alert` is presented from.
    ///
    /// - Throws: ``NavigationError/presenterMismatch(expected:presenter:)`` when that screen is
    ///   another type; ``NavigationError/destinationRemoved(_:)`` naming the presenter when it is
    ///   gone, or the alert when it has no presenter.
    func presentingDestination<P: Destination>(ofAlert alert: ElementID?, as type: P.Type) throws(NavigationError)
        -> P
    {
        guard let alert, let presenterID = presenter(of: alert) else {
            throw .destinationRemoved(alert ?? ElementID(0))
        }
        guard let presenter = destination(presenterID, as: P.self) else {
            throw state.node(presenterID) == nil
                ? .destinationRemoved(presenterID)
                : .presenterMismatch(expected: "\(P.self)", presenter: presenterID)
        }
        return presenter
    }
}
