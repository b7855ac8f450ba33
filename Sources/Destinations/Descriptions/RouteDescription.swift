extension NavigationRoute {
    /// The route as code would write it, without module or type prefixes: `.note(id: 12)`,
    /// `.search(query: "tea", sort: .title)`.
    ///
    /// Logs, transcripts, descriptions of presentations and the inspector use it. An enum
    /// route starts with a dot, as a case does in code; another route reads as its own
    /// description with the prefixes removed.
    public var readableDescription: String {
        let text = ReadableText.clean(String(describing: self))
        return Mirror(reflecting: self).displayStyle == .enum ? "." + text : text
    }
}

/// Turns `String(describing:)` of a value into what code would write: qualified names lose
/// their module and type (`MyApp.Sort.title` → `.title`) and `Optional(…)` wrappers go.
enum ReadableText {
    static func clean(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        output.reserveCapacity(characters.count)
        // For each open parenthesis, whether its closing one is kept (false for `Optional(`).
        var parentheses: [Bool] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                // A string literal, copied as it is, escapes included.
                output.append(character)
                index += 1
                while index < characters.count {
                    let inner = characters[index]
                    output.append(inner)
                    index += 1
                    if inner == "\\", index < characters.count {
                        output.append(characters[index])
                        index += 1
                    } else if inner == "\"" {
                        break
                    }
                }
                continue
            }
            if isIdentifierStart(character), index == 0 || !isIdentifierPart(characters[index - 1]) {
                var components: [String] = []
                var end = index
                while true {
                    var component = ""
                    while end < characters.count, isIdentifierPart(characters[end]) {
                        component.append(characters[end])
                        end += 1
                    }
                    components.append(component)
                    guard end + 1 < characters.count, characters[end] == ".", isIdentifierStart(characters[end + 1])
                    else { break }
                    end += 1
                }
                index = end
                if components == ["Optional"], index < characters.count, characters[index] == "(" {
                    parentheses.append(false)
                    index += 1
                    continue
                }
                if components.count > 1, let first = components.first?.first, first.isUppercase {
                    output += "." + components[components.count - 1]
                } else {
                    output += components.joined(separator: ".")
                }
                continue
            }
            switch character {
            case "(":
                parentheses.append(true)
                output.append(character)
            case ")":
                if parentheses.popLast() ?? true { output.append(character) }
            default:
                output.append(character)
            }
            index += 1
        }
        return output
    }

    private static func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character.isLetter
    }

    private static func isIdentifierPart(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }
}
