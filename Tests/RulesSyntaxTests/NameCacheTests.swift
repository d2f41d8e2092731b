import Testing

@testable import RulesSyntax

/// `NameCache`: every name reads back as exactly its bytes, whichever
/// names were read before it and share its slot, its first eight bytes or
/// its length.
@Suite struct NameCacheTests {
    /// Names that agree on their first eight bytes, differ only in a late
    /// byte, end in NUL or sit at the end of the buffer, with fewer than
    /// eight bytes after their start; non-ASCII and invalid UTF-8 text as
    /// a path segment can hold; each read several times, interleaved.
    @Test func everyNameReadsBackAsItsBytes() {
        var words = ["request", "requesT", "resource", "isMember10", "isMember11", "isMember1", "isMember", "a", "ab",
            "auth", "token", "uid", "x\u{0}", "x", "\u{0}x", "ünïcödé", "日本語のパス", "abcdefgh", "abcdefghi", "abcdefgi"]
        for index in 0..<600 { words.append("name\(index)") }
        var text: [UInt8] = []
        var spans: [(start: Int, end: Int)] = []
        for round in 0..<3 {
            for word in round == 1 ? words.reversed() : words {
                let start = text.count
                text += Array(word.utf8)
                spans.append((start, text.count))
                text.append(UInt8(ascii: " "))
            }
        }
        // Invalid UTF-8, repaired the way `String(decoding:as:)` repairs it.
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        spans.append((text.count, text.count + invalid.count))
        text += invalid
        // The last name ends the buffer, too close to its end for an 8-byte read.
        spans.append((text.count, text.count + 3))
        text += Array("end".utf8)

        var cache = NameCache()
        for (start, end) in spans {
            let name = cache.name(in: text, from: start, to: end)
            #expect(name == String(decoding: text[start..<end], as: UTF8.self))
            #expect(Array(name.utf8) == Array(String(decoding: text[start..<end], as: UTF8.self).utf8))
        }
        #expect(cache.name(in: text, from: 5, to: 5) == "")
    }

    /// The parser's names come through the cache: identifiers, members,
    /// wildcards and path segments keep their text.
    @Test func parsedNamesKeepTheirText() throws {
        let source = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /ünï/{userId}/{path=**} {
                  allow read: if request.auth.uid == userId && request.auth.token.uid == userId;
                }
              }
            }
            """
        let result = Parser.parse(SourceFile(path: "names.rules", text: source))
        #expect(result.diagnostics.isEmpty)
        let inner = try #require(result.ruleset.service?.matches.first?.matches.first)
        #expect(inner.path.segments.map(\.kind) == [.literal("ünï"), .single("userId"), .recursive("path")])
        let condition = try #require(inner.allows.first?.condition)
        #expect(condition.dump() == "(&& (== request.auth.uid userId) (== request.auth.token.uid userId))")
    }
}
