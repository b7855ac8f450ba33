/// The app's own objects, given to a flow once and read by type everywhere the flow reaches:
/// the object that owns the session (sign-in, account switch, server list), a store, a client.
///
/// ```swift
/// var configuration = FlowConfiguration(layout: SocialLayout.main, providers: SocialProviders.live)
/// configuration.environment.insert(session)      // an `AppSession`, given once
/// let flow = try Flow(configuration)              // or FlowHarness(configuration), FlowExplorer, RandomWalk
/// ```
///
/// Each part reads it from what it is handed, never from a capture: a Destination from its
/// context (``DestinationContext/environment``), a provider from its ``Provider/Input``, a guard
/// from its change (``NavigationGuard/Change/environment``), a link closure from its
/// environment argument, a test from `harness.flow.configuration.environment`. A harness, an
/// explorer or a random walk built from the configuration reaches the same object, so nothing
/// is attached after the flow is built.
///
/// Objects are kept by their type: one object per type, the last one inserted wins. Give the
/// environment a reference type to share state that changes (an account switch), or a value
/// for what is fixed.
public struct FlowEnvironment: Sendable {
    private var objects: [ObjectIdentifier: any Sendable] = [:]

    /// Creates an empty environment.
    public init() {}

    /// Keeps `object` under its type `T`, replacing an object of that type.
    public mutating func insert<T: Sendable>(_ object: T) {
        objects[ObjectIdentifier(T.self)] = object
    }

    /// The object of type `T`, or `nil` when none was inserted.
    public subscript<T: Sendable>(_ type: T.Type) -> T? {
        objects[ObjectIdentifier(T.self)] as? T
    }

    /// The object of type `T`.
    ///
    /// - Throws: ``NavigationError/missingEnvironmentObject(type:)`` when none was inserted.
    public func require<T: Sendable>(_ type: T.Type) throws(NavigationError) -> T {
        guard let object = self[type] else { throw .missingEnvironmentObject(type: String(describing: T.self)) }
        return object
    }

    /// Whether the environment holds nothing.
    public var isEmpty: Bool { objects.isEmpty }
}
