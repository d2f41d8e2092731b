/// Every message of the checker, in Firebase's wording where Firebase has one.
enum CheckMessages {
    static let oldVersion = "Ruleset uses old version (version [1]). Please update to the latest version (version [2])."
    static let globNotLast =
        "Invalid glob match expression. Glob matches are permitted as the last segment in a match declaration path."
    static let tooComplex = "Expression is too complex to evaluate safely."
    static let tooManyLets = "Maximum allowed variable count of 10 for a given function has been reached."

    static func unknownService(_ name: String) -> String {
        "Unsupported service `\(name)`: Cloud Storage rules are declared in `service firebase.storage`."
    }
    static func multipleGlobs(_ path: String) -> String {
        "Only one recursive wildcard `{name=**}` is allowed per match path: `\(path)`."
    }
    static func unreachableMatch(_ path: String) -> String {
        "Match path `\(path)` can never match a Cloud Storage request: request paths have the form /b/{bucket}/o/<object path>."
    }
    static func callDepth(_ chain: [String]) -> String {
        "Maximum allowed call depth of 20 is reached for [\(chain.joined(separator: "->"))] call stack."
    }
    static func recursion(_ chain: [String]) -> String {
        "Recursive function calls are not allowed: [\(chain.joined(separator: "->"))]."
    }
    static func duplicateFunction(_ name: String) -> String { "Function \(name) is already defined." }
    static func tooManyParameters(_ name: String, _ count: Int) -> String {
        "Function \(name) declares \(count) parameters; at most 7 are allowed."
    }
    static func unusedFunction(_ name: String) -> String { "Unused function: \(name)." }
    static func unusedVariable(_ name: String) -> String { "Unused variable: \(name)." }
    static func invalidFunction(_ name: String) -> String { "Invalid function name: \(name)." }
    static func invalidVariable(_ name: String) -> String { "Invalid variable name: \(name)." }
    static func invalidRegex(_ pattern: String, _ reason: String) -> String {
        "Invalid regular expression pattern. Pattern: \(pattern) (\(reason))"
    }

    static func nestedQuantifiers(_ pattern: String) -> String {
        "Nested quantifiers: a repeated group repeats inside. RE2 answers in linear time, backtracking engines can take exponential time; simplify it (`(a+)+` is `a+`). Pattern: \(pattern)"
    }
}
