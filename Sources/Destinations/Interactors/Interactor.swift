/// An asynchronous datasource or service: it takes a request and answers with a typed result.
///
/// Make it an actor, so its state is safe to share between the Destinations that use it:
///
/// ```swift
/// actor NotesDatasource: Interactor {
///     struct Request: Sendable {
///         enum Action: Sendable { case retrieve, paginate(page: Int), update(Note) }
///         var action: Action
///     }
///     func perform(request: Request) async -> Result<[Note], NotesError> { … }
/// }
/// ```
///
/// A request says what to do — retrieve, paginate, create, delete — and with which parameters.
/// A Destination's events map to requests in its ``Provider`` (see
/// ``EventResponse/request(_:_:deliver:)-(I,_,_)``), and the result reaches the Destination typed, on
/// the main actor, through the `deliver` function configured beside it: no casts in app code.
/// A Destination's model can also `await` an interactor directly with
/// ``DestinationContext/perform(_:on:)``.
///
/// One interactor may serve several Destinations. It is never owned by them: the app creates it
/// and hands it to the providers that use it, and each Destination's requests are its own —
/// removing one Destination cancels its requests and nobody else's. The ``prepare(for:)`` and
/// ``cleanup(for:)`` hooks run for each Destination that uses the interactor, so a shared
/// interactor can count its users.
public protocol Interactor<Request, Success, Failure>: Sendable {
    /// What the interactor can be asked: an action and its parameters.
    associatedtype Request: Sendable
    /// What a request answers.
    associatedtype Success: Sendable
    /// How a request fails.
    associatedtype Failure: Error

    /// Performs a request. A request whose Destination was removed is cancelled; an interactor
    /// that waits on something long should respect `Task.isCancelled`.
    func perform(request: Request) async -> Result<Success, Failure>

    /// Called when a Destination that uses the interactor is attached to a flow, before any of
    /// its requests runs.
    func prepare(for destination: ElementID) async

    /// Called when a Destination that uses the interactor was removed, after its requests were
    /// cancelled.
    func cleanup(for destination: ElementID) async
}

extension Interactor {
    public func prepare(for destination: ElementID) async {}
    public func cleanup(for destination: ElementID) async {}
}

/// A synchronous service on the main actor — a formatter, a settings store, a counter — whose
/// result is delivered before the event's `send` returns.
@MainActor
public protocol SyncInteractor<Request, Success, Failure>: AnyObject, Sendable {
    /// What the service can be asked.
    associatedtype Request: Sendable
    /// What a request answers.
    associatedtype Success: Sendable
    /// How a request fails.
    associatedtype Failure: Error

    /// Performs a request at once.
    func perform(request: Request) -> Result<Success, Failure>

    /// Called when a Destination that uses the service is attached to a flow.
    func prepare(for destination: ElementID)

    /// Called when a Destination that uses the service was removed.
    func cleanup(for destination: ElementID)
}

extension SyncInteractor {
    public func prepare(for destination: ElementID) {}
    public func cleanup(for destination: ElementID) {}
}

/// An interactor that yields results over time — a counter, live updates, a timer, speech
/// recognition — until the Destination stops it or is removed.
///
/// Its values can be any `AsyncSequence` of `Sendable` elements: an `AsyncStream`, a
/// ``TrackedStream`` (whose values a flow's settle waits for), `Clock.ticks(every:)`, or a
/// sequence of your own. A sequence that throws ends the stream.
///
/// Failures travel as values: make `Element` a `Result` when the stream can fail.
///
/// The stream's request is its own associated type, `StreamRequest`, inferred from
/// ``values(for:)``, so that one type can be both an ``Interactor`` (its `Request`) and a
/// stream interactor:
///
/// ```swift
/// actor Speech: Interactor, StreamInteractor {
///     func perform(request: Authorization) async -> Result<Bool, SpeechError> { … }
///     func values(for request: Locale) async -> TrackedStream<String> { … }
/// }
/// ```
public protocol StreamInteractor<StreamRequest, Element>: Sendable {
    /// What the stream is asked for.
    associatedtype StreamRequest: Sendable
    /// What the stream yields.
    associatedtype Element: Sendable
    /// The sequence of values a request starts.
    associatedtype Values: AsyncSequence & Sendable where Values.Element == Element

    /// Starts a stream of values for a request. The flow stops iterating it when the
    /// Destination stops its streams or is removed.
    func values(for request: StreamRequest) async -> Values

    /// Called when a Destination that uses the stream is attached to a flow.
    func prepare(for destination: ElementID) async

    /// Called when a Destination that uses the stream was removed, after its streams stopped.
    func cleanup(for destination: ElementID) async
}

extension StreamInteractor {
    public func prepare(for destination: ElementID) async {}
    public func cleanup(for destination: ElementID) async {}
}

extension StreamInteractor where Self: Interactor {
    /// One preparation for a type that is both an ``Interactor`` and a stream interactor.
    public func prepare(for destination: ElementID) async {}
    /// One cleanup for a type that is both an ``Interactor`` and a stream interactor.
    public func cleanup(for destination: ElementID) async {}
}

/// The lifecycle hooks of one interactor, type-erased, and its identity when it is an object
/// (so a Destination that uses it for several events prepares it once). A synchronous service's
/// hooks run at once, on the main actor, so that it is prepared before the Destination's first
/// request; the others run as tracked work.
struct InteractorHooks: Sendable {
    let identity: ObjectIdentifier?
    let prepare: (@Sendable (ElementID) async -> Void)?
    let cleanup: (@Sendable (ElementID) async -> Void)?
    let prepareNow: (@MainActor @Sendable (ElementID) -> Void)?
    let cleanupNow: (@MainActor @Sendable (ElementID) -> Void)?

    init(_ interactor: some Interactor) {
        identity = Self.identity(of: interactor)
        prepare = { await interactor.prepare(for: $0) }
        cleanup = { await interactor.cleanup(for: $0) }
        prepareNow = nil
        cleanupNow = nil
    }

    init(_ interactor: some StreamInteractor) {
        identity = Self.identity(of: interactor)
        prepare = { await interactor.prepare(for: $0) }
        cleanup = { await interactor.cleanup(for: $0) }
        prepareNow = nil
        cleanupNow = nil
    }

    init<S: SyncInteractor>(_ service: S) {
        identity = ObjectIdentifier(service)
        prepare = nil
        cleanup = nil
        prepareNow = { service.prepare(for: $0) }
        cleanupNow = { service.cleanup(for: $0) }
    }

    private static func identity(of value: Any) -> ObjectIdentifier? {
        type(of: value) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
    }

    /// The hooks of a Destination's responses, each interactor once.
    static func unique(_ hooks: [InteractorHooks]) -> [InteractorHooks] {
        var seen: Set<ObjectIdentifier> = []
        return hooks.filter { hook in hook.identity.map { seen.insert($0).inserted } ?? true }
    }
}
