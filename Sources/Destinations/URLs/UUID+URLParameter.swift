import Foundation

extension UUID: URLParameter {
    /// Parses the 8-4-4-4-12 form from its bytes, in either case, without
    /// `UUID(uuidString:)`.
    public init?(urlComponent: Substring) {
        guard let bytes = UUIDText.parse(urlComponent.utf8) else { return nil }
        self.init(uuid: bytes)
    }

    /// The lower-case 8-4-4-4-12 form.
    public var urlComponent: String { UUIDText.print(uuid) }
}

/// The text of a UUID, parsed and printed over bytes.
enum UUIDText {
    /// Whether the bytes are a UUID's 8-4-4-4-12 form, in either case.
    static func isUUID<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            switch position {
            case 8, 13, 18, 23: guard byte == URLByte.dash else { return false }
            default: guard URLByte.hexValue(byte) != nil else { return false }
            }
        }
        return true
    }

    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> uuid_t? {
        guard isUUID(bytes) else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { value in
            var nibble = 0
            for byte in bytes where byte != URLByte.dash {
                let digit = URLByte.hexValue(byte) ?? 0
                value[nibble / 2] |= nibble % 2 == 0 ? digit << 4 : digit
                nibble += 1
            }
        }
        return value
    }

    static func print(_ uuid: uuid_t) -> String {
        let bytes = [
            uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5, uuid.6, uuid.7,
            uuid.8, uuid.9, uuid.10, uuid.11, uuid.12, uuid.13, uuid.14, uuid.15,
        ]
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(URLByte.dash) }
            text.append(lowerHex(byte >> 4))
            text.append(lowerHex(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func lowerHex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10 }
}

extension UUIDText {
    /// Whether the type is `UUID`; here because only this file imports Foundation.
    static func isUUIDType(_ type: Any.Type) -> Bool { type == UUID.self }
}
