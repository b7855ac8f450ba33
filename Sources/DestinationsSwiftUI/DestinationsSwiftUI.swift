// DestinationsSwiftUI renders a Flow with SwiftUI. It exists on Apple platforms only; on other
// platforms the module is empty.
#if canImport(SwiftUI)
import SwiftUI
@_exported import Destinations
#endif
