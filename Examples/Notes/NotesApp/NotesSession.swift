public import Destinations

/// Whether the user is signed in: notes are private, settings are not.
@MainActor
public final class NotesSession {
    /// Whether the user is signed in.
    public var isSignedIn: Bool

    /// Creates a session.
    public init(signedIn: Bool = true) {
        isSignedIn = signedIn
    }
}

extension AppRoute {
    /// Whether a guest may not see the route: notes and their editors.
    public var requiresAccount: Bool {
        switch self {
        case .note, .noteCard, .editNote, .deleteNote: true
        default: false
        }
    }
}

extension NotesAppConfiguration {
    /// The guard that keeps notes private: a change that would show one while signed out goes
    /// to sign-in first, and the change waits for ``Flow/resumePending()``.
    public static func signedInGuard(_ session: NotesSession) -> NavigationGuard<AppRoute> {
        NavigationGuard("signedIn") { change in
            guard !session.isSignedIn, change.added.contains(where: { $0.requiresAccount }) else { return .allow }
            return .redirect(.fullScreenCover(.signIn))
        }
    }
}
