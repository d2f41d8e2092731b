import Testing

@testable import StorageSimulator

/// The content disposition an upload gets when it sets none.
@Suite("Default content disposition")
struct InlineDispositionTests {
    @Test(
        "`inline; filename*=utf-8''` and the last segment in RFC 5987 value-chars",
        arguments: [
            ("a.txt", "inline; filename*=utf-8''a.txt"),
            ("photos/2024/cat.png", "inline; filename*=utf-8''cat.png"),
            ("dir/my file (1).pdf", "inline; filename*=utf-8''my%20file%20%281%29.pdf"),
            ("dir/", "inline; filename*=utf-8''"),
            ("", "inline; filename*=utf-8''"),
            ("a/b/caf\u{E9}.txt", "inline; filename*=utf-8''caf%C3%A9.txt"),
            ("x/!#$&+-.^_`|~", "inline; filename*=utf-8''!#$&+-.^_`|~"),
            ("x/a%b;c=d\"e", "inline; filename*=utf-8''a%25b%3Bc%3Dd%22e"),
            ("x/\u{1F600}", "inline; filename*=utf-8''%F0%9F%98%80"),
        ])
    func disposition(name: String, expected: String) {
        #expect(PercentEncoding.inlineDisposition(forName: name) == expected)
    }
}
