@testable import StorageSimulator
import Testing

@Suite("Object names with line breaks")
struct NameLineBreakTests {
    static let long = String(repeating: "abcdefgh/", count: 100)

    /// A line feed or carriage return anywhere, in short and long names,
    /// before and after multi-byte characters.
    static let rejected = [
        "\n", "\r", "\na", "a\r", "a\nb", "é\r", "日本\n語", long + "\n", "\r" + long,
        long.prefix(500) + "\n" + long.prefix(300), String(repeating: "😀", count: 200) + "\r",
    ]

    /// Bytes next to line breaks in value but not line breaks: `Ê` is
    /// C3 8A and `č` is C4 8D (8A and 8D differ from 0A and 0D only in the
    /// top bit), tabs, form feeds, vertical tabs, U+2028, U+0085.
    static let accepted = [
        "a", "Ê", "č", "ÊčÊč", "a\tb", "a\u{0B}b", "a\u{0C}b", "a\u{2028}b", "a\u{85}b", long,
        String(repeating: "Ê", count: 500),
    ]

    /// Every position of names of 1 to 24 bytes, so that each byte of a
    /// word, the overlapping last word and the short names all hold one;
    /// beside them, the same names with a tab, a vertical tab, `Ê` or `č`
    /// there (the last two end in 8A and 8D).
    static let positions: [(name: String, rejected: Bool)] = (1...24).flatMap { length in
        (0..<length).flatMap { position in
            [("\n", true), ("\r", true), ("\t", false), ("\u{0B}", false), ("Ê", false), ("č", false)].compactMap {
                (character: String, rejected: Bool) -> (String, Bool)? in
                let rest = length - position - character.utf8.count
                guard rest >= 0 else { return nil }
                let name = String(repeating: "x", count: position) + character + String(repeating: "x", count: rest)
                return (name, rejected)
            }
        }
    }

    @Test("a line break is found at every position of a name, and its top-bit neighbours are not")
    func everyPosition() {
        #expect(Self.positions.count == 1_752)
        for (name, rejected) in Self.positions {
            let invalid = (try? ObjectPath.validate(name)) == nil
            #expect(invalid == rejected, "\(Array(name.utf8))")
        }
    }

    @Test("a name holding a line feed or carriage return is invalid", arguments: rejected)
    func rejectsLineBreaks(name: String) {
        #expect(throws: StorageError.self) { try ObjectPath.validate(name) }
    }

    @Test("a name without one is valid", arguments: accepted)
    func acceptsOthers(name: String) throws {
        try ObjectPath.validate(name)
    }
}
