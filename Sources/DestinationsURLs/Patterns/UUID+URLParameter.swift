import Destinations
public import Foundation

extension UUID: URLParameter {
    /// Parses the 8-4-4-4-12 form, in either case.
    public init?(urlComponent: Substring) {
        let bytes = urlComponent.utf8
        let dashes = [8, 13, 18, 23]
        guard bytes.count == 36 else { return nil }
        for (position, byte) in bytes.enumerated() {
            guard dashes.contains(position) ? byte == UInt8(ascii: "-") : URLByte.hexValue(byte) != nil else {
                return nil
            }
        }
        self.init(uuidString: String(urlComponent))
    }
    /// The lower-case 8-4-4-4-12 form.
    public var urlComponent: String { uuidString.lowercased() }
}

/// Tells `UUID` apart without importing Foundation elsewhere.
enum UUIDType {
    static func isUUID(_ type: Any.Type) -> Bool { type == UUID.self }
}
