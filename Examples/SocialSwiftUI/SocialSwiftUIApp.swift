import Destinations
import DestinationsSwiftUI
import DestinationsURLs
import SocialApp
import SwiftUI

/// The social client in SwiftUI: the Destinations, Providers and links of the headless tests
/// (`swift test --package-path Examples/Social`), drawn by `FlowView`.
@main
struct SocialSwiftUIApp: App {
    @State private var model = Result { () throws in try SocialAppModel() }

    var body: some Scene {
        WindowGroup {
            switch model {
            case .success(let model):
                FlowView(model.flow, options: FlowViewOptions(tabLabel: Self.tabLabel)) { screen in
                    SocialScreen(screen: screen)
                }
                .onOpenURL { url in model.open(url) }
            case .failure(let error):
                ContentUnavailableView(
                    "The app could not start", systemImage: "exclamationmark.triangle",
                    description: Text("\(error)"))
            }
        }
    }

    static func tabLabel(_ tab: TabID) -> TabLabel {
        switch tab {
        case .home: TabLabel("Home", systemImage: "house")
        case .local: TabLabel("Local", systemImage: "person.2")
        case .federated: TabLabel("Federated", systemImage: "globe")
        case .trending: TabLabel("Trending", systemImage: "chart.line.uptrend.xyaxis")
        case .notifications: TabLabel("Notifications", systemImage: "bell")
        case .mentions: TabLabel("Mentions", systemImage: "at")
        case .explore: TabLabel("Explore", systemImage: "magnifyingglass")
        case .messages: TabLabel("Messages", systemImage: "tray")
        case .profile: TabLabel("Profile", systemImage: "person.crop.circle")
        case .bookmarks: TabLabel("Bookmarks", systemImage: "bookmark")
        case .favorites: TabLabel("Favourites", systemImage: "star")
        case .lists: TabLabel("Lists", systemImage: "list.bullet")
        case .tags: TabLabel("Tags", systemImage: "number")
        case .settings: TabLabel("Settings", systemImage: "gearshape")
        default: TabLabel(tab.rawValue.capitalized, systemImage: "list.bullet.rectangle")
        }
    }
}

/// The app's session, flow and links.
@MainActor @Observable
final class SocialAppModel {
    let session = SocialSession()
    let flow: Flow<SocialRoute>
    let urls: FlowURLs<SocialRoute>

    init() throws {
        flow = try Flow(SocialConfiguration.configuration(session: session))
        urls = try FlowURLs(flow, router: try SocialLinks.router(), scene: "main")
    }

    /// Opens a link from outside: a refused one leaves the screens as they are.
    func open(_ url: URL) {
        _ = try? urls.open(url.absoluteString, source: .external(.universalLink))
    }
}
