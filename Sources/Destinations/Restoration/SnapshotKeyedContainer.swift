/// The members of a ``SnapshotValue`` object, read by key for a ``SnapshotValueDecoder``.
struct SnapshotKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: SnapshotValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        // A loop rather than `compactMap`: this code is not specialised for `Key`, and the
        // generic algorithm costs more than the keys (most objects of a route have one).
        var keys: [Key] = []
        keys.reserveCapacity(members.count)
        for name in members.keys {
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> SnapshotValue {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return member
    }

    private func scalar<T: SnapshotScalar>(_ key: Key) throws -> T {
        try T.read(member(key), at: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try scalar(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        try SnapshotValueDecoder.decode(T.self, from: member(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try SnapshotValueDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try SnapshotValueDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        SnapshotValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [SnapshotIndexKey.super])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SnapshotValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}
