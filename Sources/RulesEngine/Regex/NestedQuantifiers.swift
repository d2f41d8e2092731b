/// Finds a repeated group whose body repeats too (`(a+)+`, `(a|b*)*`,
/// `(?:x{2,})+`): the shape that makes backtracking engines take
/// exponential time. RE2, and so production, answers such patterns in
/// linear time, and so does this engine (by falling back to the DFA
/// matcher), but the rules would hang or fail elsewhere, so `check` warns.
enum NestedQuantifiers {
    /// Whether `pattern` (RE2 syntax) holds a repeated group whose body repeats.
    static func found(in pattern: String) -> Bool {
        let characters = Array(pattern.unicodeScalars)
        // One entry per open group: whether its body holds a repetition so far.
        var groups: [Bool] = [false]
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\\":
                index += 1
            case "[":
                index = endOfClass(characters, from: index)
            case "(":
                groups.append(false)
            case ")" where groups.count > 1:
                let bodyRepeats = groups.removeLast()
                let (repeats, next) = repetition(characters, at: index)
                if repeats && bodyRepeats { return true }
                groups[groups.count - 1] = groups[groups.count - 1] || bodyRepeats || repeats
                index = next
            default:
                let (repeats, next) = repetition(characters, at: index)
                if repeats { groups[groups.count - 1] = true }
                index = next
            }
        }
        return false
    }

    /// Whether a quantifier with a variable count (`*`, `+`, `{n,}`, `{n,m}`
    /// with m > n) starts at `index`, and the index after it
    /// (a `?` quantifier or a lazy `?` suffix is skipped).
    private static func repetition(_ characters: [Unicode.Scalar], at index: Int) -> (Bool, Int) {
        guard index < characters.count else { return (false, index) }
        var next = index + 1
        let repeats: Bool
        switch characters[index] {
        case "*", "+":
            repeats = true
        case "?":
            repeats = false
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return (false, index) }
            let body = String(String.UnicodeScalarView(characters[(index + 1)..<close]))
            let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.isEmpty || Int($0) != nil }), !bounds[0].isEmpty else {
                return (false, index)
            }
            repeats = bounds.count == 2 && (bounds[1].isEmpty || Int(bounds[1])! > Int(bounds[0])!)
            next = close + 1
        default:
            return (false, index)
        }
        if next < characters.count, characters[next] == "?" { next += 1 }
        return (repeats, next)
    }

    /// The index after the `]` closing a class whose body starts at `index`.
    private static func endOfClass(_ characters: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        if index < characters.count, characters[index] == "^" { index += 1 }
        if index < characters.count, characters[index] == "]" { index += 1 }
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 2
            case "]": return index + 1
            case "[" where index + 1 < characters.count && characters[index + 1] == ":":
                // A POSIX class `[:alpha:]` inside the brackets.
                var end = index + 2
                while end + 1 < characters.count, !(characters[end] == ":" && characters[end + 1] == "]") { end += 1 }
                index = end + 2
            default: index += 1
            }
        }
        return index
    }
}
