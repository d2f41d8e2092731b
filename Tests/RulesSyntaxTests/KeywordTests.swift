@testable import RulesSyntax
import Testing

/// Which words the lexer takes for keywords.
struct KeywordTests {
    static let keywords: [(String, TokenKind)] = [
        ("if", .if), ("in", .in), ("is", .is), ("let", .let), ("true", .true), ("null", .null), ("match", .match),
        ("allow", .allow), ("false", .false), ("return", .return), ("service", .service), ("function", .function),
        ("rules_version", .rulesVersion),
    ]

    @Test func everyKeyword() {
        for (word, kind) in Self.keywords {
            #expect(TokenKind.keyword(ArraySlice(word.utf8)) == kind, "\(word)")
        }
    }

    /// Words one byte away from a keyword (shorter, longer, another letter,
    /// another case) and words whose bytes a keyword's integer could hide.
    @Test func nearMissesAreIdentifiers() {
        var words = ["", "i", "f", "fi", "iff", "ifs", "If", "IF", "in\0", "\0if", "functions", "function_", "rules_versio",
            "rules_version_", "Rules_version", "rules-version", "letx", "matc", "allOw", "nul", "nulll", "returned", "servic"]
        for (word, _) in Self.keywords {
            var bytes = Array(word.utf8)
            bytes[bytes.count - 1] ^= 0x20
            words.append(String(decoding: bytes, as: UTF8.self))
            words.append(String(word.dropFirst()))
            words.append(word + "x")
        }
        for word in words {
            #expect(TokenKind.keyword(ArraySlice(word.utf8)) == nil, "\(word)")
        }
    }

    /// A word's bytes are read from a slice of the file, not from its start.
    @Test func keywordsInsideALargerBuffer() {
        let bytes = Array("xxreturnyy".utf8)
        #expect(TokenKind.keyword(bytes[2..<8]) == .return)
        #expect(TokenKind.keyword(bytes[1..<8]) == nil)
    }

    /// Exactly the four literal kinds carry a decoded value: the test is a
    /// range of raw values, so it must follow the declaration order.
    @Test func onlyLiteralKindsCarryValues() {
        var kind = TokenKind(rawValue: 0)
        var literals: [TokenKind] = []
        while let current = kind {
            if current.isLiteral { literals.append(current) }
            kind = TokenKind(rawValue: current.rawValue + 1)
        }
        #expect(literals == [.int, .float, .string, .bytes])
        #expect(TokenKind(rawValue: TokenKind.invalid.rawValue + 1) == nil)
    }
}
