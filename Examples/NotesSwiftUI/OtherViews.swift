import DestinationsSwiftUI
import NotesApp
import SwiftUI

/// The counter tab: a stream of ticks while it runs.
struct CounterView: View {
    let counter: CounterScreen

    var body: some View {
        VStack(spacing: 24) {
            Text("\(counter.count)").font(.system(size: 64, weight: .bold, design: .rounded)).monospacedDigit()
            HStack {
                Button("Start") { counter.post(.start) }
                Button("Stop") { counter.post(.stop) }
            }
            .buttonStyle(.borderedProminent)
        }
        .navigationTitle("Counter")
    }
}

/// Settings, about, licenses and sign-in: links, and the A/B switch.
struct InfoView: View {
    let info: InfoScreen
    let screen: ScreenContext<AppRoute>
    let model: NotesAppModel

    var body: some View {
        List {
            switch screen.route {
            case .settings:
                Button("About") { info.post(.about) }
                Toggle(
                    "Show notes as cards (variant B)",
                    isOn: Binding(get: { model.showsCards }, set: { model.showCards($0) }))
                Button("Sign out", role: .destructive) { info.post(.signOut) }
            case .about:
                Text("Notes, drawn by DestinationsSwiftUI.")
                // A fixed link, with no event to swap: RouteLink applies it from this screen.
                RouteLink("Licenses", .push(.licenses), from: screen)
            case .signIn:
                Text("You are signed out.")
                Button("Sign in") { info.post(.signIn) }
            default:
                Text("Destinations: MIT License.")
            }
        }
        .navigationTitle(info.title)
    }
}
