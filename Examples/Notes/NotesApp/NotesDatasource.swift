public import Destinations

/// Why a notes request failed.
public enum NotesError: Error, Hashable, Sendable {
    /// No note has that id.
    case notFound(id: Int)
    /// A note needs a title.
    case emptyTitle
}

/// The app's notes: one actor datasource that the list, the detail, the editor and the delete
/// alert all use.
public actor NotesDatasource: Interactor {
    /// What the screens ask of the notes.
    public struct Request: Sendable, Hashable {
        /// The action to take.
        public enum Action: Sendable, Hashable {
            /// The first page of notes.
            case retrieve
            /// Every note up to and including `page` (from 0).
            case paginate(page: Int)
            /// One note.
            case note(id: Int)
            /// Saves a note.
            case update(Note)
            /// Deletes a note.
            case delete(id: Int)
        }

        public var action: Action

        public init(_ action: Action) {
            self.action = action
        }
    }

    /// What a request answers.
    public enum Response: Sendable, Hashable {
        /// A page of the list: the notes so far and whether more remain.
        case page([Note], hasMore: Bool)
        /// One note.
        case note(Note)
        /// The request changed the notes.
        case done
    }

    /// The notes.
    public private(set) var notes: [Note]
    /// How many notes a page holds.
    public let pageSize: Int
    /// Every request, in order, for tests and the walkthrough.
    public private(set) var log: [Request.Action] = []

    public init(notes: [Note] = NotesDatasource.samples, pageSize: Int = 3) {
        self.notes = notes
        self.pageSize = pageSize
    }

    public func perform(request: Request) async -> Result<Response, NotesError> {
        log.append(request.action)
        switch request.action {
        case .retrieve:
            return .success(page(0))
        case .paginate(let page):
            return .success(self.page(page))
        case .note(let id):
            guard let note = note(id: id) else { return .failure(.notFound(id: id)) }
            return .success(.note(note))
        case .update(let note):
            guard let index = notes.firstIndex(where: { $0.id == note.id }) else {
                return .failure(.notFound(id: note.id))
            }
            guard !note.title.isEmpty else { return .failure(.emptyTitle) }
            notes[index] = note
            return .success(.done)
        case .delete(let id):
            guard notes.contains(where: { $0.id == id }) else { return .failure(.notFound(id: id)) }
            notes.removeAll { $0.id == id }
            return .success(.done)
        }
    }

    /// The note with `id`.
    public func note(id: Int) -> Note? {
        notes.first { $0.id == id }
    }

    private func page(_ page: Int) -> Response {
        let end = min(notes.count, (page + 1) * pageSize)
        return .page(Array(notes.prefix(end)), hasMore: end < notes.count)
    }

    /// The sample notes.
    public static let samples: [Note] = [
        Note(id: 1, title: "Groceries", body: "Milk, eggs"),
        Note(id: 2, title: "Ideas", body: "A navigation library"),
        Note(id: 3, title: "Travel", body: "Lisbon in May"),
        Note(id: 4, title: "Books", body: "The Dispossessed"),
        Note(id: 5, title: "Garden", body: "Plant tomatoes"),
    ]
}

/// A counter that ticks: the stream the counter tab shows. It takes its clock, so that the app
/// ticks in real time and a test advances a manual clock and checks each tick.
public struct Ticker: StreamInteractor {
    /// How many ticks a stream yields before it ends; `nil` ticks forever.
    public let limit: Int?
    /// The pause between ticks; zero ticks as fast as the consumer takes them.
    public let interval: Duration
    /// The clock the pauses are measured on.
    public let clock: any Clock<Duration>

    public init(limit: Int? = nil, interval: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
        self.limit = limit
        self.interval = interval
        self.clock = clock
    }

    /// Yields `start`, `start + 1`, … every ``interval`` until the limit or until the consumer
    /// stops.
    public func values(for start: Int) async -> TrackedStream<Int> {
        guard interval > .zero else {
            let limit = self.limit
            return TrackedStream { continuation in
                let task = Task {
                    var value = start
                    while limit.map({ value < start + $0 }) ?? true, !Task.isCancelled {
                        continuation.yield(value)
                        value += 1
                        await Task.yield()
                    }
                    continuation.finish()
                }
                continuation.onTermination = { task.cancel() }
            }
        }
        let ticks = clock.ticks(every: interval).map { start + $0 - 1 }
        return limit.map { ticks.prefix($0) } ?? ticks
    }
}
