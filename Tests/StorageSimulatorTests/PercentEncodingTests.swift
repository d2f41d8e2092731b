import Testing

@testable import StorageSimulator

@Suite("Percent-encoding")
struct PercentEncodingTests {
    /// The definitions written out: a kept byte as itself, any other `%XX`.
    static func reference(_ text: String, keeping kept: String) -> String {
        let keep = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8).union(kept.utf8)
        return text.utf8.map { keep.contains($0) ? String(UnicodeScalar($0)) : "%" + String($0, radix: 16, uppercase: true).leftPadded() }
            .joined()
    }

    static let samples: [String] = {
        var samples = ["", "plain", "a b", "a/b", "100%", "é", "日本", "🙂", "a\u{0}b", "~*'()!", "#$&+^`|", "\u{7F}\u{80}"]
        samples.append(String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self))
        samples.append((0..<200).map { String(UnicodeScalar(UInt8($0 % 128))) }.joined() + "ü")
        return samples
    }()

    @Test("component and RFC 5987 encodings keep exactly their bytes", arguments: samples)
    func encodings(_ text: String) {
        #expect(PercentEncoding.component(text) == Self.reference(text, keeping: "-_.!~*'()"))
        // The default disposition encodes what follows the last `/`.
        let segment = String(text.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        #expect(
            PercentEncoding.inlineDisposition(forName: text)
                == "inline; filename*=utf-8''" + Self.reference(segment, keeping: "!#$&+-.^_`|~"))
        #expect(PercentEncoding.inlineDisposition(forName: "folder/" + segment) == PercentEncoding.inlineDisposition(forName: text))
        #expect(PercentEncoding.decode(PercentEncoding.component(text)) == text)
    }
}

private extension String {
    func leftPadded() -> String { count < 2 ? "0" + self : self }
}
