import Foundation
import RulesEngine
import Testing

/// Sibling match blocks are indexed by their first literal segment once
/// there are eight or more of them; the blocks a request matches, and their
/// order, must be those of trying every block in source order.
struct BlockDispatchTests {
    /// Literal and wildcard siblings interleaved, with literals repeated and
    /// a literal that is canonically equivalent to another but not equal
    /// (`é` precomposed and decomposed), nested under an indexed level too.
    static let rules = Engine.storageRules("""
        match /a/{x} { allow get: if false; }
        match /{any}/{x} { allow get: if false; }
        match /b/{x} { allow get: if false; }
        match /a/{y=**} { allow get: if false; }
        match /\u{E9}/{x} { allow get: if false; }
        match /e\u{301}/{x} { allow get: if false; }
        match /{first}/{second=**} { allow get: if false; }
        match /a/b { allow get: if false; }
        match /c/{x} { allow get: if false; }
        match /a {
          match /{z} { allow get: if false; }
          match /b { allow get: if false; }
          match /c { allow get: if false; }
          match /d { allow get: if false; }
          match /e { allow get: if false; }
          match /f { allow get: if false; }
          match /g { allow get: if false; }
          match /{w=**} { allow get: if false; }
        }
        """)

    static let cases: [(path: String, patterns: [String])] = [
        ("a/b", ["/a/{x}", "/{any}/{x}", "/a/{y=**}", "/{first}/{second=**}", "/a/b", "/a/{z}", "/a/b", "/a/{w=**}"]),
        ("a/q", ["/a/{x}", "/{any}/{x}", "/a/{y=**}", "/{first}/{second=**}", "/a/{z}", "/a/{w=**}"]),
        ("b/q", ["/{any}/{x}", "/b/{x}", "/{first}/{second=**}"]),
        ("\u{E9}/q", ["/{any}/{x}", "/\u{E9}/{x}", "/{first}/{second=**}"]),
        ("e\u{301}/q", ["/{any}/{x}", "/e\u{301}/{x}", "/{first}/{second=**}"]),
        ("z", ["/{first}/{second=**}"]),
        ("a", ["/a/{y=**}", "/{first}/{second=**}", "/a", "/a/{w=**}"]),
    ]

    @Test(arguments: cases)
    func matchesInSourceOrder(_ path: String, _ patterns: [String]) {
        let decision = Engine.decide(Self.rules, .get, path)
        let matched = decision?.matches.map { $0.pattern.replacingOccurrences(of: "/b/{bucket}/o", with: "") }
        #expect(matched == patterns, "\(path.debugDescription)")
    }
}
