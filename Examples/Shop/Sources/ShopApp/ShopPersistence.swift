public import Destinations
public import Foundation

/// Saving and restoring the shop's navigation.
public enum ShopPersistence {
    /// The snapshot schema of this version of the app.
    public static let schemaVersion = 1

    /// The flow's state as data.
    @MainActor public static func save(_ flow: Flow<ShopRoute>) throws -> Data {
        try NavigationSnapshot(flow.state, schemaVersion: schemaVersion).encoded()
    }

    /// Reads saved data leniently; never throws.
    public static func restoration() throws -> Restoration<ShopRoute> {
        try Restoration(
            layout: ShopConfiguration.layout, schemaVersion: schemaVersion, migrations: [],
            policy: { route in
                switch route {
                case .checkout, .emptyCart: .never
                default: .restore
                }
            })
    }
}

/// Why saved navigation was not brought back.
public enum ShopRestoreError: Error, Equatable {
    /// The data is not a snapshot the app can read; nothing of it came back.
    case unreadable([RestorationReport.Issue])
    /// The flow refused the restored state (a guard, a limit).
    case refused(NavigationError)
}

extension ShopPersistence {
    /// Brings saved navigation back into a running flow, or leaves the flow as it is: data
    /// that gives nothing back (corrupt, from a newer app) is refused rather than resetting the
    /// user to the first screen.
    @MainActor @discardableResult
    public static func restore(_ data: Data, into flow: Flow<ShopRoute>) throws(ShopRestoreError) -> RestorationReport {
        let restoration: Restoration<ShopRoute>
        do { restoration = try ShopPersistence.restoration() } catch { throw .unreadable([]) }
        let restored = restoration.restore(data)
        guard !restored.report.usedInitialState else { throw .unreadable(restored.report.issues) }
        do { try flow.restore(restored.state) } catch { throw .refused(error) }
        return restored.report
    }
}
