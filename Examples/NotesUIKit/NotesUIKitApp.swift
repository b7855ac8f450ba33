import Destinations
import DestinationsUIKit
import NotesApp
import UIKit

/// The Notes app in UIKit: one scene, configured in code, whose window's root is a
/// `FlowController` over the shared Notes Destinations, Providers and datasource.
@main
final class NotesUIKitApp: UIResponder, UIApplicationDelegate {
    /// The window, only when the app runs without scenes (an Info.plist without a scene
    /// manifest); otherwise each scene makes its own.
    var window: UIWindow?
    private var model: NotesModelStore?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        if Bundle.main.object(forInfoDictionaryKey: "UIApplicationSceneManifest") == nil {
            let window = UIWindow(frame: UIScreen.main.bounds)
            model = NotesModelStore.start(in: window)
            self.window = window
            window.makeKeyAndVisible()
        }
        return true
    }

    func application(
        _ application: UIApplication,
        configurationForConnecting session: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
        configuration.delegateClass = NotesSceneDelegate.self
        return configuration
    }
}

/// Makes the window of a scene and its flow: one flow per scene.
final class NotesSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var model: NotesModelStore?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: scene)
        model = NotesModelStore.start(in: window)
        self.window = window
        window.makeKeyAndVisible()
    }
}

/// The app's state: the datasource, the flow, and the A/B variant of the notes list.
@MainActor
final class NotesModelStore {
    let datasource = NotesDatasource()
    let flow: Flow<AppRoute>
    /// Whether selecting a note shows a card in a sheet (variant B) instead of pushing its
    /// detail (variant A).
    private(set) var showsCards = false

    /// Makes the model and puts its flow in `window`; on failure the window says why.
    static func start(in window: UIWindow) -> NotesModelStore? {
        do {
            let model = try NotesModelStore()
            window.rootViewController = model.makeRootController()
            return model
        } catch {
            let failure = UIViewController()
            let label = UILabel()
            label.text = "The flow could not start: \(error)"
            label.numberOfLines = 0
            failure.view = label
            window.rootViewController = failure
            return nil
        }
    }

    init() throws {
        flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: datasource))
        flow.onRefusal = { error, cause in print("Refused \(cause): \(error)") }
    }

    /// Switches the A/B variant: the notes list's provider changes, and the screens already
    /// shown — the list in the other tab — take its responses at once.
    func setShowsCards(_ cards: Bool) {
        showsCards = cards
        flow.replaceProviders(
            cards
                ? NotesAppConfiguration.cardsVariant(datasource: datasource)
                : NotesAppConfiguration.providers(datasource: datasource)
        )
        flow.rebindScreens()
    }

    /// The window's root: the flow rendered with UIKit, one screen hosted from SwiftUI.
    func makeRootController() -> UIViewController {
        var options = FlowControllerOptions()
        options.tabItem = { tab in
            switch tab {
            case .notes: UITabBarItem(title: "Notes", image: UIImage(systemName: "note.text"), tag: 0)
            case .settings: UITabBarItem(title: "Settings", image: UIImage(systemName: "gear"), tag: 1)
            case .counter: UITabBarItem(title: "Counter", image: UIImage(systemName: "timer"), tag: 2)
            default: UITabBarItem(title: tab.rawValue, image: nil, tag: 3)
            }
        }
        return FlowController(flow, options: options) { [weak self] screen in
            self?.controller(for: screen) ?? UIViewController()
        }
    }

    /// Each screen's controller, from its route and Destination.
    private func controller(for screen: ScreenContext<AppRoute>) -> UIViewController {
        switch screen.route {
        case .notes:
            if let list = screen.destination(as: NotesList.self) { return NotesListController(list: list) }
        case .note:
            if let detail = screen.destination(as: NoteDetail.self) { return NoteDetailView.controller(detail: detail) }
        case .noteCard:
            if let card = screen.destination(as: NoteCard.self) { return NoteCardController(card: card) }
        case .editNote:
            if let editor = screen.destination(as: EditNote.self) { return EditNoteController(editor: editor) }
        case .counter:
            if let counter = screen.destination(as: CounterScreen.self) { return CounterController(counter: counter) }
        case .settings, .about, .licenses, .signIn:
            if let info = screen.destination(as: InfoScreen.self) {
                return InfoController(info: info, route: screen.route, model: self)
            }
        case .deleteNote:
            break  // an alert: the flow controller draws it from its content
        }
        return UIViewController()
    }
}
