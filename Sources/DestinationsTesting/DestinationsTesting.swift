// DestinationsTesting: test whole flows headlessly, exhaustively, with `swift test`.
//
// The module re-exports Destinations, so a test file needs only `import DestinationsTesting`.
@_exported import Destinations
