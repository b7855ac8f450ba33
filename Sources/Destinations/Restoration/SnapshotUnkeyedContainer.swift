/// The elements of a ``SnapshotValue`` array, read in turn for a ``SnapshotValueDecoder``.
struct SnapshotUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [SnapshotValue]
    /// Where the array is.
    let path: SnapshotCodingPath
    var codingPath: [any CodingKey] { path.keys }
    private(set) var currentIndex = 0

    init(elements: [SnapshotValue], path: SnapshotCodingPath) {
        self.elements = elements
        self.path = path
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, which the caller then reads, and where it is.
    private mutating func next(_ type: Any.Type) throws -> (SnapshotValue, SnapshotCodingPath) {
        let elementPath = path.appending(SnapshotIndexKey(currentIndex))
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: elementPath.keys, debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], elementPath)
    }

    private mutating func scalar<T: SnapshotScalar>() throws -> T {
        let (element, path) = try next(T.self)
        do {
            return try T.read(element, at: path.keys)
        } catch {
            currentIndex -= 1
            throw error
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Never.self,
                .init(
                    codingPath: codingPath + [SnapshotIndexKey(currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        guard elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_: String.Type) throws -> String { try scalar() }
    mutating func decode(_: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try scalar() }

    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        let (element, path) = try next(T.self)
        do {
            return try SnapshotValueDecoder.decode(T.self, from: element, path: path)
        } catch {
            currentIndex -= 1
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (element, path) = try next([String: Any].self)
        return try SnapshotValueDecoder(value: element, path: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (element, path) = try next([Any].self)
        return try SnapshotValueDecoder(value: element, path: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (element, path) = try next((any Decoder).self)
        return SnapshotValueDecoder(value: element, path: path)
    }
}

/// The key of an array element, or of `super`, in a coding path; its text is made only when
/// read, for an error.
struct SnapshotIndexKey: CodingKey {
    let intValue: Int?
    private let name: String?

    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    init(_ index: Int) {
        intValue = index
        name = nil
    }

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) { self.init(intValue) }

    /// The key of a superclass's values.
    static let `super` = SnapshotIndexKey(stringValue: "super")
}
