// DestinationsUIKit renders a Flow with UIKit. It exists where UIKit does; on other platforms
// the module is empty.
#if canImport(UIKit) && !os(watchOS)
@_exported import Destinations
#endif
