import Destinations
import SocialApp
import SwiftUI

/// The view of one screen, by route; each view gets its Destination from the screen context and
/// only sends it events.
struct SocialScreen: View {
    let screen: ScreenContext<SocialRoute>

    var body: some View {
        if let timeline = screen.destination(as: TimelineScreen.self) {
            TimelineView(timeline: timeline)
        } else if let status = screen.destination(as: StatusScreen.self) {
            StatusView(status: status)
        } else if let account = screen.destination(as: AccountScreen.self) {
            AccountView(account: account)
        } else if let list = screen.destination(as: CollectionScreen.self) {
            List(["1", "2", "3"], id: \.self) { item in
                Button(item) { list.post(.open, content: item) }
            }
            .navigationTitle(title(of: screen.route))
        } else if let settings = screen.destination(as: SettingsScreen.self) {
            SettingsView(settings: settings)
        } else if let editor = screen.destination(as: EditorScreen.self) {
            EditorView(editor: editor)
        } else if let welcome = screen.destination(as: WelcomeScreen.self) {
            WelcomeView(welcome: welcome)
        } else {
            Text(title(of: screen.route)).navigationTitle(title(of: screen.route))
        }
    }
}

/// A short title for a route.
func title(of route: SocialRoute) -> String {
    String(describing: route).prefix { $0 != "(" }.capitalized
}

struct TimelineView: View {
    let timeline: TimelineScreen
    private let author = Account(id: "2", user: "bob", server: "fosstodon.org")

    var body: some View {
        List(1..<20) { index in
            let status = Status(id: "\(index)", author: author, text: "Post \(index)")
            VStack(alignment: .leading) {
                Button(status.author.handle) { timeline.post(.openAccount, content: status.author) }
                Button(status.text) { timeline.post(.openStatus, content: status) }
                Button("Reply") { timeline.post(.reply, content: status) }
                Button("#swift") { timeline.post(.openTag, content: "swift") }
            }
        }
        .navigationTitle(title(of: timeline.route))
    }
}

struct StatusView: View {
    let status: StatusScreen

    var body: some View {
        List {
            Text(status.loaded?.text ?? "Loading \(status.id)…")
            Button("Author") {
                if let author = status.loaded?.author { status.post(.openAccount, content: author) }
            }
            Button("Reply") { status.post(.reply) }
            Button("Favourited by") { status.post(.favoritedBy) }
            Button("Boosted by") { status.post(.boostedBy) }
            Button("Media") { status.post(.media, content: 0) }
            Button("Translate") { status.post(.translate) }
            Button("Open the link") { status.post(.openLink, content: "https://example.com") }
            Button("History") { status.post(.history) }
            Button("Edit") { status.post(.edit) }
            Button("Delete", role: .destructive) { status.post(.delete) }
        }
        .navigationTitle("Post")
    }
}

struct AccountView: View {
    let account: AccountScreen

    var body: some View {
        List {
            Text(account.loaded?.handle ?? account.accountID)
            Button("Followers") { account.post(.followers) }
            Button("Following") { account.post(.following) }
            Button("Edit profile") { account.post(.editProfile) }
            Button("Report") { account.post(.report) }
            Button("Block", role: .destructive) { account.post(.block) }
        }
        .navigationTitle("Profile")
    }
}

struct SettingsView: View {
    let settings: SettingsScreen

    var body: some View {
        List {
            Button("Tabs") { settings.post(.tabs) }
            Button("Filters") { settings.post(.filters) }
            Button("Display") { settings.post(.display) }
            Button("Accounts") { settings.post(.accounts) }
            Button("Push notifications") { settings.post(.push) }
            Button("Pin a server's timeline") { settings.post(.addServer) }
            Button("Switch account") { settings.post(.switchAccount) }
            Button("About") { settings.post(.about) }
            Button("Sign out", role: .destructive) { settings.post(.signOut) }
        }
        .navigationTitle("Settings")
    }
}

struct EditorView: View {
    let editor: EditorScreen
    @State private var text = ""

    var body: some View {
        Form { TextField("Text", text: $text) }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { editor.post(.cancel) } }
                ToolbarItem(placement: .confirmationAction) { Button("Done") { editor.post(.submit, content: text) } }
            }
            .navigationTitle(title(of: editor.route))
    }
}

struct WelcomeView: View {
    let welcome: WelcomeScreen

    var body: some View {
        List {
            switch welcome.route {
            case .signIn(let server):
                Button("Sign in on \(server)") {
                    welcome.post(.signIn, content: Account(id: "1", user: "me", server: server))
                }
            default:
                ForEach(["mastodon.social", "fosstodon.org"], id: \.self) { server in
                    Button(server) { welcome.post(.chooseServer, content: server) }
                }
            }
            Button("Cancel") { welcome.post(.cancel) }
        }
        .navigationTitle("Sign in")
    }
}
