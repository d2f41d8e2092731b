/// Finds a repeated group whose body repeats too (`(a+)+`, `(a|b*)*`,
/// `(?:x{2,})+`): the shape that makes backtracking engines take
/// exponential time. RE2, and so production, answers such patterns in
/// linear time, and so does this engine (by falling back to the DFA
/// matcher), but the rules would hang or fail elsewhere, so `check` warns.
enum NestedQuantifiers {
    /// Whether `pattern` (RE2 syntax) holds a repeated group whose body repeats.
    static func found(in pattern: String) -> Bool {
        guard mayRepeatGroup(pattern) else { return false }
        // Every byte the scan looks for is ASCII, and no byte of a
        // multi-byte character is: scanning bytes finds what scanning
        // characters would, without decoding them.
        let bytes = Array(pattern.utf8)
        // One entry per open group: whether its body holds a repetition so far.
        var groups: [Bool] = [false]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "["):
                // An escaped character or a class is one atom, which a
                // quantifier may follow (`\d+`, `[a-z]*`).
                index = byte == UInt8(ascii: "[") ? endOfClass(bytes, from: index) : endOfCharacter(bytes, from: index)
                let (repeats, next) = repetition(bytes, at: index)
                if repeats { groups[groups.count - 1] = true }
                index = next
            case UInt8(ascii: "("):
                groups.append(false)
            case UInt8(ascii: ")") where groups.count > 1:
                let bodyRepeats = groups.removeLast()
                let (repeats, next) = repetition(bytes, at: index)
                if repeats && bodyRepeats { return true }
                groups[groups.count - 1] = groups[groups.count - 1] || bodyRepeats || repeats
                index = next
            default:
                let (repeats, next) = repetition(bytes, at: index)
                if repeats { groups[groups.count - 1] = true }
                index = next
            }
        }
        return false
    }

    /// Whether a `)` is followed by `*`, `+` or `{`: without one no group
    /// repeats, and most patterns have none, so they need no full scan.
    private static func mayRepeatGroup(_ pattern: String) -> Bool {
        var pattern = pattern
        return pattern.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == UInt8(ascii: ")")
                    && (byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "{"))
                {
                    return true
                }
                previous = byte
            }
            return false
        }
    }

    /// Whether a quantifier with a variable count (`*`, `+`, `{n,}`, `{n,m}`
    /// with m > n) starts at `index`, and the index after it
    /// (a `?` quantifier or a lazy `?` suffix is skipped).
    private static func repetition(_ bytes: [UInt8], at index: Int) -> (Bool, Int) {
        guard index < bytes.count else { return (false, index) }
        var next = index + 1
        let repeats: Bool
        switch bytes[index] {
        case UInt8(ascii: "*"), UInt8(ascii: "+"):
            repeats = true
        case UInt8(ascii: "?"):
            repeats = false
        case UInt8(ascii: "{"):
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return (false, index) }
            let body = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.isEmpty || Int($0) != nil }), !bounds[0].isEmpty else {
                return (false, index)
            }
            repeats = bounds.count == 2 && (bounds[1].isEmpty || Int(bounds[1])! > Int(bounds[0])!)
            next = close + 1
        default:
            return (false, index)
        }
        if next < bytes.count, bytes[next] == UInt8(ascii: "?") { next += 1 }
        return (repeats, next)
    }

    /// The index after the character whose first byte is at `start`.
    private static func endOfCharacter(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return min(index, bytes.count)
    }

    /// The index after the `]` closing a class whose body starts at `index`.
    private static func endOfClass(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "]"): return index + 1
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":"):
                // A POSIX class `[:alpha:]` inside the brackets.
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: "]")) { end += 1 }
                index = end + 2
            default: index += 1
            }
        }
        return index
    }
}
