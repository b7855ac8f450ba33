import Destinations

/// A relative path, parsed but not yet resolved against a state: how many levels it climbs,
/// the routes it pushes, and the modals it presents from there:
/// `( "." / ".." *( "/.." ) ) [ "/" rest ] / rest`, `rest` routes, then `/!style/content` modals.
struct RelativePath<Route: NavigationRoute> {
    var ups = 0
    var routes: [Route] = []
    var modals: [(style: ModalStyle, layout: Layout<Route>)] = []
}

extension StateURLParser where IDs == SequentialElementIDs {
    /// Parses a relative path (not an absolute one, which is a state path).
    static func parseRelative(_ bytes: [UInt8], routes: RouteTable<Route>, limits: URLLimits) throws(DeepLinkError)
        -> RelativePath<Route>
    {
        guard !bytes.isEmpty else { throw .malformed(.unexpectedEnd, offset: 0) }
        // A trailing `/` closes the last route or modal, as in state URLs and deep links.
        let end = bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: "/") ? bytes.count - 1 : bytes.count
        var parser = StateURLParser(bytes, 0, end, routes: routes, limits: limits, ids: SequentialElementIDs())
        var relative = RelativePath<Route>()
        while let dots = parser.dotSegment() {
            relative.ups += dots - 1
            parser.position += dots
            guard parser.take(UInt8(ascii: "/")) else { break }
        }
        try prescan(bytes, parser.position, end, limits: limits)
        if parser.position < parser.end && parser.peek != UInt8(ascii: "!") {
            while true {
                relative.routes.append(try parser.parseRoute())
                if parser.atModal {
                    parser.position += 1
                    break
                }
                guard parser.take(UInt8(ascii: "/")) else { break }
            }
        }
        var overlay = false
        while parser.peek == UInt8(ascii: "!") {
            if overlay { throw .malformed(.overlayCannotPresent, offset: parser.position) }
            guard relative.modals.count < limits.depth else {
                throw .tooDeep(depth: relative.modals.count + 1, limit: limits.depth)
            }
            parser.position += 1
            let style = try parser.parseStyle()
            try parser.expect(UInt8(ascii: "/"))
            let contentStart = parser.position
            let layout: Layout<Route>
            if parser.peek == UInt8(ascii: "*") {
                guard parser.bytes[parser.position...].starts(with: "*stack/".utf8) else {
                    throw .malformed(.unknownMarker, offset: parser.position)
                }
                if style.isOverlay { throw .malformed(.overlayNeedsScreen, offset: contentStart) }
                parser.position += 7
                var stack: [Route] = []
                repeat {
                    stack.append(try parser.parseRoute())
                } while !parser.atModal && parser.take(UInt8(ascii: "/"))
                layout = .stack(stack)
            } else {
                layout = .screen(try parser.parseRoute())
            }
            relative.modals.append((style, layout))
            overlay = style.isOverlay
            guard parser.atModal else { break }
            parser.position += 1
        }
        if parser.position != parser.end { throw .malformed(.trailingInput, offset: parser.position) }
        guard relative.routes.count + relative.modals.reduce(0, { $0 + $1.layout.routes.count }) <= limits.screens
        else {
            throw .tooManyScreens(count: relative.routes.count, limit: limits.screens)
        }
        return relative
    }
    /// The length of a `.` or `..` segment here (1 or 2), `nil` otherwise.
    private func dotSegment() -> Int? {
        var length = 0
        while position + length < end, bytes[position + length] == UInt8(ascii: ".") { length += 1 }
        let ends = position + length == end || bytes[position + length] == UInt8(ascii: "/")
        return (length == 1 || length == 2) && ends ? length : nil
    }
}
