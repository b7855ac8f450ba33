public import Destinations

/// Something in a router's configuration worth a look that is not an error.
public enum URLDiagnostic: Hashable, Sendable {
    /// Two links of different shapes can match the same URL; precedence picks `preferred`
    /// (`notes/new` before `notes/{slug}`).
    case overlappingLinks(preferred: String, other: String)
}
