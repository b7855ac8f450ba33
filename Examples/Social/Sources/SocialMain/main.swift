import Destinations
import SocialApp

// One journey of the social client, printing the navigation tree after each step.
try MainActor.assumeIsolated {
    let session = SocialSession()
    let flow = try Flow(SocialConfiguration.configuration(session: session))
    print(flow.state)
}
