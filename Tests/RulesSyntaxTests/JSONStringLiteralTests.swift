import Foundation
import RulesSyntax
import Testing

@Suite("JSON string literals")
struct JSONStringLiteralTests {
    @Test(arguments: [
        ("", #""""#),
        ("plain/path.png", #""plain/path.png""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\dir"#, #""C:\\dir""#),
        ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{0}\u{1B}\u{1F}", #""\u0000\u001b\u001f""#),
        ("é/日本/🎉", "\"é/日本/🎉\""),
        ("\u{7F}\u{2028}", "\"\u{7F}\u{2028}\""),
        ("a\"é\n🎉\\", #""a\"é\n🎉\\""#),
    ])
    func escapesExactlyWhatJSONRequires(text: String, literal: String) {
        #expect(JSONStringLiteral.quoted(text) == literal)
        var appended = "["
        JSONStringLiteral.append(text, to: &appended)
        #expect(appended == "[" + literal)
    }

    @Test func everyLiteralParsesBackToItsText() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "🎉", "/", " ", "\u{7F}", "日"]
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let document = "[" + JSONStringLiteral.quoted(text) + "]"
            let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String]
            #expect(parsed == [text], "\(document)")
        }
    }
}
