import Destinations
import DestinationsSwiftUI
import DestinationsURLs
import SocialApp
import SwiftUI
import UIKit

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
        for (prefix, image) in [("list-", "list.bullet"), ("tag-", "number"), ("server-", "server.rack")]
        where tab.rawValue.hasPrefix(prefix) {
            return TabLabel(String(tab.rawValue.dropFirst(prefix.count)), systemImage: image)
        }
        return switch tab {
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
        case "post": TabLabel("Post", systemImage: "square.and.pencil")
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
    /// Keeps each arrangement the user makes of the tabs as the account's.
    private let arrangements: FlowChangeObservation

    init() throws {
        let pad = UIDevice.current.userInterfaceIdiom == .pad
        flow = try Flow(SocialConfiguration.configuration(session: session, pad: pad, api: ServerAPI()))
        urls = try FlowURLs(flow, router: try SocialLinks.router(known: session.knownServers), scene: "main")
        arrangements = session.keepArrangements(of: flow)
        flow.tabBadges[.notifications] = "3"
    }

    /// Opens a link from outside, after the account's server said what a status link is; a
    /// refused one leaves the screens as they are.
    func open(_ url: URL) {
        Task { _ = try? await urls.openAwaitingGuards(url.absoluteString, source: .external(.universalLink)) }
    }
}

/// The account's server, asked what a status link from another server is (its search API, with
/// `resolve=true`, in a real client).
struct ServerAPI: SocialAPI {
    func statusID(at url: String) async throws -> String? { nil }
}
