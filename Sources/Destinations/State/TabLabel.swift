/// A tab's name, section, role and origin, shared by the tab's copies.
///
/// Kept out of line so that a ``Tab`` is its node and one reference: small enough that code
/// specialised for a route copies it directly instead of through the type's metadata. Not
/// generic, so making one asks for no metadata either.
final class TabLabel: Sendable, Equatable {
    let id: TabID
    let section: String?
    let role: TabRole?
    let isInserted: Bool

    init(id: TabID, section: String?, role: TabRole?, isInserted: Bool) {
        self.id = id
        self.section = section
        self.role = role
        self.isInserted = isInserted
    }

    static func == (lhs: TabLabel, rhs: TabLabel) -> Bool {
        lhs === rhs
            || (lhs.id == rhs.id && lhs.section == rhs.section && lhs.role == rhs.role
                && lhs.isInserted == rhs.isInserted)
    }
}
