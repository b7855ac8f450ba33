// Performance: the url-link figure (Benchmarks/README.md, "URLs"): what a match shares with every match of its link.
import Destinations

/// What every match of one declaration shares: made once per deep link when the router is
/// built, so that a match holds it with one retain.
@usableFromInline final class LinkDeclaration: Sendable {
    /// The kinds of declaration (``LinkMatch/Kind``, without the route type).
    enum Kind: Sendable { case deepLink, routePattern, fallback }
    /// The template of the link or pattern; safe to log.
    let pattern: String
    let kind: Kind
    /// The scene kind the link goes to: the one it declares, else the router's first.
    let scene: String
    /// The external sources the link accepts; `nil` for any.
    let sources: Set<ExternalSource>?
    /// The scene kind the link declares; it opens only there.
    let declaredScene: String?
    init(pattern: String, kind: Kind, scene: String, sources: Set<ExternalSource>?, declaredScene: String?) {
        (self.pattern, self.kind, self.scene, self.sources) = (pattern, kind, scene, sources)
        self.declaredScene = declaredScene
    }
    /// The declaration of a deep link of `shape`, in a router whose first scene kind is `firstScene`.
    convenience init(_ shape: LinkShape, firstScene: String) {
        self.init(
            pattern: shape.template, kind: .deepLink, scene: shape.scene ?? firstScene, sources: shape.sources,
            declaredScene: shape.scene)
    }
    /// Whether the two declare the same: the same object, or equal fields.
    func matches(_ other: LinkDeclaration) -> Bool {
        self === other
            || (pattern == other.pattern && kind == other.kind && scene == other.scene && sources == other.sources
                && declaredScene == other.declaredScene)
    }
}
