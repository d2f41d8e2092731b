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

    @Test("a name holding a line feed or carriage return is invalid", arguments: rejected)
    func rejectsLineBreaks(name: String) {
        #expect(throws: StorageError.self) { try ObjectPath.validate(name) }
    }

    @Test("a name without one is valid", arguments: accepted)
    func acceptsOthers(name: String) throws {
        try ObjectPath.validate(name)
    }
}
