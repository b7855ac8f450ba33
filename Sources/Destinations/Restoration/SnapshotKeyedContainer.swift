/// The members of a ``SnapshotValue`` object, read by key for a ``SnapshotValueDecoder``.
struct SnapshotKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: SnapshotValue]
    /// Where the object is.
    let path: SnapshotCodingPath
    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        // The object of an enum's case, as synthesized `Codable` writes it, has one member.
        if members.count == 1, let name = members.keys.first {
            guard let key = Key(stringValue: name) else { return [] }
            return [key]
        }
        // A loop rather than `compactMap`: this code is not specialised for `Key`, and the
        // generic algorithm costs more than the keys.
        var keys: [Key] = []
        for name in members.keys {
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { value(named: key.stringValue) != nil }

    /// The member named `name`. An object of a route has a member or two: they are compared
    /// in turn, which costs less than hashing the name.
    private func value(named name: String) -> SnapshotValue? {
        guard members.count <= 4 else { return members[name] }
        for (member, value) in members where member == name { return value }
        return nil
    }

    private func member(_ key: Key) throws -> SnapshotValue {
        guard let member = value(named: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return member
    }

    private func scalar<T: SnapshotScalar>(_ key: Key) throws -> T {
        try T.read(member(key), at: path.appending(key).keys)
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
        try SnapshotValueDecoder.decode(T.self, from: member(key), path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try SnapshotValueDecoder(value: member(key), path: path.appending(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try SnapshotValueDecoder(value: member(key), path: path.appending(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        SnapshotValueDecoder(value: value(named: "super") ?? .null, path: path.appending(SnapshotIndexKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SnapshotValueDecoder(value: value(named: key.stringValue) ?? .null, path: path.appending(key))
    }
}
