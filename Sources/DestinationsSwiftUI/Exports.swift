// DestinationsSwiftUI renders a Flow with SwiftUI. It exists where SwiftUI does (watchOS
// aside); on other platforms the module is empty.
#if canImport(SwiftUI) && !os(watchOS)
@_exported import Destinations
#endif
