import Testing

@testable import RulesSyntax

/// `CaseNames`: a string finds the name that has exactly its bytes, and
/// nothing else does.
@Suite struct CaseNamesTests {
    /// Names sharing lengths and first letters, as field names do, and one
    /// (`K`) that a non-ASCII character is canonically equivalent to.
    enum Sample: String, CaseIterable {
        case auth, path, time, pith, method, params, resource, kelvin = "K", a
    }

    static let names = CaseNames(Sample.allCases.map(\.rawValue))

    @Test(arguments: Sample.allCases.enumerated().map { $0 })
    func everyNameReadsBack(position: Int, sample: Sample) {
        #expect(Self.names.position(of: sample.rawValue) == position)
    }

    /// Case, prefixes and extensions, a name of another's length and first
    /// letter, spaces, NUL, a combining accent, the Kelvin sign (which
    /// `String` finds equal to `K`), and names longer than any.
    @Test(arguments: [
        "", "au", "aut", "auths", "Auth", "AUTH", " auth", "auth ", "axth", "pat", "paths", "pato", "tine", "metho",
        "methods", "mEthod", "param", "params_", "resourc", "resources", "retource", "auth\u{301}", "páth", "\u{0}time",
        "time\u{0}", "\u{212A}", "k", "A", "á", "a\u{301}", "resourceresource", String(repeating: "a", count: 100),
    ])
    func otherNamesAreNone(name: String) {
        #expect(Self.names.position(of: name) == nil)
    }

    /// The rule methods are found through it by their own names, and by no
    /// other spelling.
    @Test func ruleMethods() {
        #expect(RuleMethod.allCases.map(\.rawValue) == ["read", "write", "get", "list", "create", "update", "delete"])
        for method in RuleMethod.allCases { #expect(RuleMethod(rawValue: method.rawValue) == method) }
        for name in ["Get", "gets", "ge", "writes", "delete ", "get\u{301}", "ŕead"] { #expect(RuleMethod(rawValue: name) == nil) }
    }
}
