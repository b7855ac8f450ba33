import DestinationsTesting
import Foundation

/// A small meeting app for testing the whole-app checks: a list with an add sheet, a recording
/// screen with a timer, speech and an end alert.
enum MeetingRoute: NavigationRoute, Codable {
    case meetings
    case addMeeting
    case record(Int)
    case endAlert
}

@MainActor final class MeetingsList: StatefulDestination, ModalPresenter, OwnEvents {
    enum Event: Hashable, Sendable, CaseIterable {
        case add
        case record(Carrying<Int>)
        case load
        static let allCases: [Event] = [.add, .record(.listed), .load]
    }
    struct ScreenState: Equatable, Sendable {
        var meetings: [String] = []
        var dismissals = 0
    }
    static let ownEvents: Set<Event> = [.load]
    let context = DestinationContext<MeetingRoute, Event>()
    var screenState = ScreenState()
    var heard: [DismissedModal<MeetingRoute>] = []

    func didDismissPresented(_ modal: DismissedModal<MeetingRoute>) {
        heard.append(modal)
        screenState.dismissals += 1
    }
}

@MainActor final class AddMeeting: StatefulDestination {
    enum Event: Hashable, Sendable, CaseIterable {
        case setTitle(Carrying<String>)
        case cancel
        static let allCases: [Event] = [.setTitle(.listed), .cancel]
    }
    struct ScreenState: Equatable, Sendable { var title = "" }
    let context = DestinationContext<MeetingRoute, Event>()
    var screenState = ScreenState()
}

@MainActor final class RecordMeeting: StatefulDestination, ModalPresenter, OwnEvents {
    enum Event: Hashable, Sendable, CaseIterable {
        case startTimer
        case listen(Carrying<String>)
        case end, confirmEnd
        static let allCases: [Event] = [.startTimer, .listen(.listed), .end, .confirmEnd]
    }
    struct ScreenState: Equatable, Sendable {
        var secondsElapsed = 0
        var isTimerRunning = false
        var transcript = ""
        var isEnded = false
    }
    static let ownEvents: Set<Event> = [.startTimer, .listen(.listed), .confirmEnd]
    let context = DestinationContext<MeetingRoute, Event>()
    var screenState = ScreenState()

    func prepareForPresentation() {
        startTimer()
    }

    var heard: [DismissedModal<MeetingRoute>] = []

    func didDismissPresented(_ modal: DismissedModal<MeetingRoute>) {
        heard.append(modal)
        // However the end alert went, the timer runs again unless the meeting ended.
        if modal.route == .endAlert, !screenState.isEnded { startTimer() }
    }

    private func startTimer() {
        screenState.isTimerRunning = true
        try? send(.startTimer)
    }
}

@MainActor final class EndAlert: AlertDestination {
    enum Event: Hashable, Sendable, CaseIterable { case end }
    let context = DestinationContext<MeetingRoute, Event>()
    var alert: AlertContent<Event> {
        AlertContent("End meeting?", buttons: [AlertButton("End", sends: .end), AlertButton("Resume", role: .cancel)])
    }
}

/// One service that both answers requests (authorization) and streams values (the words heard).
final class SpeechService: Interactor, StreamInteractor, @unchecked Sendable {
    let (words, input) = TrackedStream<String>.makeStream()

    func perform(request: String) async -> Result<Bool, Never> {
        .success(request == "authorize")
    }

    func values(for request: Locale) async -> TrackedStream<String> {
        words
    }
}

/// Ticks of an interactor's clock: a live clock in the app, a manual one in tests.
struct MeetingTimer: StreamInteractor {
    let clock: any Clock<Duration>

    func values(for interval: Duration) async -> TrackedStream<Int> {
        clock.ticks(every: interval)
    }
}

@MainActor
enum MeetingApp {
    static func providers(clock: any Clock<Duration>, speech: SpeechService = SpeechService()) -> Providers<
        MeetingRoute
    > {
        let timer = MeetingTimer(clock: clock)
        let list = Provider { (_: MeetingRoute) in
            MeetingsList()
        } events: { events in
            events.on(.add, .present(.sheet(.addMeeting)))
            events.on(.record, .present { id in .push(.record(id)) })
            events.on(.load, .perform { input in input.destination.screenState.meetings = ["Standup", "Retro"] })
        }
        let add = Provider { (_: MeetingRoute) in
            AddMeeting()
        } events: { events in
            events.on(.setTitle, .perform { screen, title in screen.screenState.title = title })
            events.on(.cancel, .present(.dismiss))
        }
        let record = Provider { (_: MeetingRoute) in
            RecordMeeting()
        } events: { events in
            events.on(.startTimer, .stream(timer, .seconds(1)) { screen, _ in screen.screenState.secondsElapsed += 1 })
            events.on(
                .listen,
                .stream(speech, assistant: { language in Locale(identifier: language) }) { screen, words in
                    screen.screenState.transcript += (screen.screenState.transcript.isEmpty ? "" : " ") + words
                })
            events.on(
                .end,
                .perform { input in
                    input.destination.context.stopStreams()
                    input.destination.screenState.isTimerRunning = false
                    try input.destination.context.present(.present(.screen(.endAlert), style: .alert))
                })
            events.on(
                .confirmEnd,
                .perform { input in
                    input.destination.context.stopStreams()
                    input.destination.screenState.isTimerRunning = false
                    input.destination.screenState.isEnded = true
                })
        }
        let alert = Provider { (_: MeetingRoute) in
            EndAlert()
        } events: { events in
            events.on(.end, .toPresenter(RecordMeeting.self, .confirmEnd))
        }
        return Providers { route in
            switch route {
            case .meetings: list
            case .addMeeting: add
            case .record: record
            case .endAlert: alert
            }
        }
    }
}

extension ContentEvent<MeetingsList.Event, Int> {
    /// `record` carries the id of the meeting to record.
    static var record: Self { Self(MeetingsList.Event.record) }
}

extension ContentEvent<AddMeeting.Event, String> {
    /// `setTitle` carries the title typed.
    static var setTitle: Self { Self(AddMeeting.Event.setTitle) }
}

extension ContentEvent<RecordMeeting.Event, String> {
    /// `listen` carries the language to listen in.
    static var listen: Self { Self(RecordMeeting.Event.listen) }
}
