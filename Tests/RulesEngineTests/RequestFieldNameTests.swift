import Testing

@testable import RulesEngine

/// `RequestField(rawValue:)`, written out by hand, accepts exactly the
/// field names, byte for byte, as a map key matches.
@Suite struct RequestFieldNameTests {
    @Test(arguments: RequestField.allCases)
    func everyNameReadsBack(field: RequestField) {
        #expect(RequestField(rawValue: field.rawValue) == field)
    }

    /// Near misses: case, prefixes and extensions, names of the same length
    /// and first letter as another field's, spaces, NUL, and a combining
    /// accent (a different string of the same first bytes).
    @Test(arguments: [
        "", "a", "aut", "auths", "Auth", "AUTH", " auth", "auth ", "axth", "pat", "paths", "pith", "tine", "times",
        "methods", "metho", "mEthod", "params_", "parame", "resourcE", "resources", "resourc", "retource",
        "auth\u{301}", "páth", "\u{0}time", "time\u{0}", "uid", "token",
    ])
    func otherNamesAreNone(name: String) {
        #expect(RequestField(rawValue: name) == nil)
    }

    /// The names are the cases' own: the fields of `request` the rules read.
    @Test func namesAreTheRequestFields() {
        #expect(RequestField.allCases.map(\.rawValue) == ["auth", "method", "path", "time", "resource", "params"])
    }
}
