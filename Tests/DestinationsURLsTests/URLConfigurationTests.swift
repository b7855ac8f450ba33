import Destinations
import DestinationsURLs
import Testing

/// The configuration problems of URLS.md §3.2, thrown when a router is built or reported by
/// `validate(routes:)`.
@Suite struct URLConfigurationTests {
    func problems(
        prefixes: [String] = ["notes://"],
        scenes: [SceneKind<GoldenRoute>] = [SceneKind("main", layout: GoldenURLs.main)],
        patterns: [RoutePattern<GoldenRoute>] = GoldenURLs.patterns.patterns,
        links: [DeepLink<GoldenRoute>] = []
    ) -> [URLConfigurationProblem] {
        do {
            _ = try URLRouter(
                prefixes: prefixes, scenes: scenes, patterns: RoutePatterns(patterns), links: DeepLinks(links))
            return []
        } catch {
            return error.problems
        }
    }

    @Test func theGoldenConfigurationIsValid() throws {
        let router = try GoldenURLs.router(links: DeepLinkTests.links)
        let samples: [GoldenRoute] = [
            .notes, .settings, .about, .licenses, .signIn, .counter, .note(id: 1), .noteCard(id: 1), .editNote(id: 1),
            .deleteNote(id: 1), .search(query: "q", page: 1, sort: nil), .search(query: "", page: 2, sort: .date),
            .home, .list,
            .menu, .editor, .confirm, .choice, .login, .detail(1), .content(1),
            .search(query: "file:a/b", page: 1, sort: nil),
        ]
        #expect(router.validate(routes: samples) == [])
    }

    @Test(arguments: [
        ("Note/{id}", 0), ("note/{id", 8), ("note/id", 5), ("note/{id}/", 10), ("note/{id}(x)", 11),
        ("note/{id}(x={id2}", 17),
        ("note/{id}/{id}", 10), ("note/{id...}", 5), ("", 0), ("note/{id}(x={y},x={z})", 18),
    ])
    func aMalformedTemplateIsReportedAtItsOffset(template: String, offset: Int) {
        let pattern = RoutePattern(template, { (id: Int) in GoldenRoute.note(id: id) }) { _ in nil }
        #expect(problems(patterns: [pattern]).contains(.badTemplate(pattern: template, offset: offset)))
    }

    @Test func placeholdersMustMatchTheClosuresParameters() {
        let tooFew = RoutePattern("note", GoldenRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
        #expect(problems(patterns: [tooFew]) == [.arityMismatch(pattern: "note", placeholders: 0, parameters: 1)])
        let optionalPosition = RoutePattern("x/{a}", { (a: Int?) in GoldenRoute.detail(a ?? 0) }) { _ in nil }
        #expect(
            problems(patterns: [optionalPosition]) == [
                .parameterTypeMismatch(pattern: "x/{a}", name: "a", type: "Optional<Int>")
            ])
        let requiredOptional = RoutePattern("x(a={a})", { (a: Int?) in GoldenRoute.detail(a ?? 0) }) { _ in nil }
        #expect(
            problems(patterns: [requiredOptional]) == [
                .parameterTypeMismatch(pattern: "x(a={a})", name: "a", type: "Optional<Int>")
            ])
        let optionalNotOptional = RoutePattern("x(a={a?})", { (a: Int) in GoldenRoute.detail(a) }) { _ in nil }
        #expect(
            problems(patterns: [optionalNotOptional]) == [
                .parameterTypeMismatch(pattern: "x(a={a?})", name: "a", type: "Int")
            ])
        let repeatedNotArray = RoutePattern("x(a={a*})", { (a: Int) in GoldenRoute.detail(a) }) { _ in nil }
        #expect(
            problems(patterns: [repeatedNotArray]) == [
                .parameterTypeMismatch(pattern: "x(a={a*})", name: "a", type: "Int")
            ])
    }

    @Test func aDefaultMustParseWithItsType() {
        let pattern = RoutePattern("search/{query}(page={page=one},sort={sort?})", GoldenRoute.search(query:page:sort:))
        { _ in nil }
        #expect(problems(patterns: [pattern]) == [.badDefault(pattern: pattern.template, name: "page", text: "one")])
    }

    @Test func keywordsAndAliasesAreUnique() {
        let patterns =
            GoldenURLs.patterns.patterns + [
                RoutePattern("about", .home), RoutePattern("hub", .list, aliases: ["settings"]),
            ]
        #expect(problems(patterns: patterns) == [.duplicateKeyword("about"), .duplicateKeyword("settings")])
        #expect(
            problems(patterns: [RoutePattern("x", .list, aliases: ["Bad"])]) == [
                .badTemplate(pattern: "Bad", offset: 0)
            ])
    }

    @Test func prefixesMustBeOwnedSchemesOrHosts() {
        for prefix in [
            "https://user@notes.example.com/", "https://notes.example.com:443/", "notes:", "https://notes.example.com",
            "://", "1x://", "https://notes.example.com/a//",
        ] {
            #expect(problems(prefixes: [prefix]) == [.badPrefix(prefix)], "\(prefix)")
        }
        #expect(problems(prefixes: []) == [.noPrefix])
        #expect(problems(prefixes: ["https://notes.example.com/app/", "Notes://"]) == [])
    }

    @Test func scenesNeedValidNamesAndLayouts() {
        #expect(problems(scenes: []) == [.noScene])
        #expect(problems(scenes: [SceneKind("Main", layout: GoldenURLs.main)]) == [.badSceneName("Main")])
        #expect(
            problems(scenes: [SceneKind("main", layout: GoldenURLs.main), SceneKind("main", layout: GoldenURLs.desk)])
                == [.duplicateScene("main")])
        #expect(
            problems(scenes: [SceneKind("main", layout: .stack([]))]) == [.badSceneLayout(scene: "main", .emptyStack)])
    }

    @Test func aSceneMustNotShareItsNameWithALinkOrAnExternalKeyword() {
        #expect(problems(scenes: [SceneKind("notes", layout: GoldenURLs.main)]) == [.sceneCollision("notes")])
        #expect(problems(scenes: [SceneKind("about", layout: GoldenURLs.main)]) == [])
        let link = DeepLink<GoldenRoute>("main/{id}") { (id: Int) in .push(.note(id: id)) }
        #expect(problems(links: [link]) == [.sceneCollision("main")])
    }

    @Test func aShareMustTakeTheLinksParameterTypes() {
        let link = DeepLink<GoldenRoute>("n/{id}") { (id: Int) in .push(.note(id: id)) }
            .shares({ (id: String) in GoldenRoute.search(query: id, page: 1, sort: nil) }) { _ in nil }
        #expect(problems(links: [link]) == [.shareMismatch(pattern: "n/{id}")])
        let badLink = DeepLink<GoldenRoute>("n/{id") { (id: Int) in .push(.note(id: id)) }
        #expect(problems(links: [badLink]) == [.badTemplate(pattern: "n/{id", offset: 5)])
        let arity = DeepLink<GoldenRoute>("n/{id}") { .push(.home) }
        #expect(problems(links: [arity]) == [.arityMismatch(pattern: "n/{id}", placeholders: 1, parameters: 0)])
    }

    @Test func validationFindsRoutesWithoutAPatternOrWithTwo() throws {
        let patterns = GoldenURLs.patterns.patterns.filter { $0.keyword != "counter" } + [RoutePattern("hub", .list)]
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("main", layout: .stack(.notes))],
            patterns: RoutePatterns(patterns))
        #expect(
            router.validate(routes: [.counter, .list, .counter])
                == [.noURLPattern(route: "counter"), .ambiguousRoute(route: "list", patterns: ["list", "hub"])])
    }

    @Test func validationFindsAMakeAndAMatchThatDisagree() throws {
        let drifting = RoutePattern("card/{id}", { (id: Int) in GoldenRoute.noteCard(id: id + 1) }) {
            if case .noteCard(let id) = $0 { id } else { nil }
        }
        let patterns = GoldenURLs.patterns.patterns.filter { $0.keyword != "card" } + [drifting]
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("main", layout: .stack(.notes))],
            patterns: RoutePatterns(patterns))
        #expect(router.validate(routes: [.noteCard(id: 4)]) == [.roundTripMismatch(route: "noteCard", url: "card/4")])
    }

    @Test func validationFindsAShareThatDoesNotComeBack() throws {
        let link = DeepLink<GoldenRoute>("n/{id}") { (id: Int) in .push(.note(id: id)) }
            .shares({ (id: Int) in GoldenRoute.note(id: id) }) { if case .detail(let id) = $0 { id } else { nil } }
        let router = try GoldenURLs.router(links: DeepLinks([link]))
        #expect(
            router.validate(routes: [.detail(3)]).contains(
                .shareRoundTripMismatch(route: "detail", url: "https://notes.example.com/n/3")))
    }

    @Test func tabIDsThatAreNotLabelsAreReported() throws {
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("odd", layout: StateURLRoundTripTests.oddTabs)],
            patterns: GoldenURLs.patterns)
        #expect(router.validate(routes: []) == [.tabIDNotURLSafe(""), .tabIDNotURLSafe("."), .tabIDNotURLSafe("~c")])
    }
}
