/// The route patterns as the state parser reads them, without their route type: found by keyword.
final class PatternTable: Sendable {
    let shapes: [PatternShape]
    /// The keywords and aliases, looked up without `Hasher`.
    private let keywords: ConstantTable
    /// The pattern of each keyword, by the keyword's id.
    private let patterns: [Int]
    /// The table of the patterns, found by the keywords and aliases given.
    init(shapes: [PatternShape], keywords: [ArraySlice<UInt8>: Int]) {
        self.shapes = shapes
        var table = ConstantTable()
        var patterns: [Int] = []
        for (keyword, pattern) in keywords {
            _ = table.insert(Array(keyword))
            patterns.append(pattern)
        }
        (self.keywords, self.patterns) = (table, patterns)
    }
    /// The pattern whose keyword or alias is `bytes[start..<end]`, unreserved escapes decoded.
    func pattern(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var escaped = false
        for index in start..<end where bytes[index] == UInt8(ascii: "%") { escaped = true }
        // Most keywords have no escape: they are looked up in place.
        let id =
            escaped
            ? URLByte.unreservedDecoded(bytes, start, end).flatMap { keywords.id($0) } : keywords.id(bytes, start, end)
        guard let id else { return nil }
        return patterns[id]
    }
}

/// What the state parser reads of a ``RoutePattern``: one reference for each pattern.
final class PatternShape: Sendable {
    let keyword: String
    let parameters: [ParameterSpec]
    /// The segments after the keyword: a parameter each, or several inside one.
    let slots: [URLTemplate.Segment]
    let access: URLAccess
    /// The parameters as a reader reads them.
    let list: ParameterList
    init<Route>(_ pattern: RoutePattern<Route>) {
        (keyword, parameters, slots, access) = (pattern.keyword, pattern.parameters, pattern.slots, pattern.access)
        list = ParameterList(pattern.parameters, owner: pattern.keyword, link: false)
    }
}
