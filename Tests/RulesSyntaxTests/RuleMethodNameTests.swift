import Testing

@testable import RulesSyntax

/// `RuleMethod(rawValue:)`, written out by hand, accepts exactly the
/// names the synthesized initializer did.
@Suite struct RuleMethodNameTests {
    @Test(arguments: RuleMethod.allCases)
    func everyNameReadsBack(method: RuleMethod) {
        #expect(RuleMethod(rawValue: method.rawValue) == method)
    }

    @Test(arguments: [
        "", "g", "ge", "gets", "Get", "GET", " get", "get ", "rea", "reads", "writes", "lis", "listAll", "creat",
        "updates", "delet", "deletex", "x", "get\u{301}", "ŕead", "\u{0}get",
    ])
    func otherNamesAreNone(name: String) {
        #expect(RuleMethod(rawValue: name) == nil)
    }

    /// The names are the cases' own: the same table the synthesized
    /// initializer would have used.
    @Test func namesAreTheRulesKeywords() {
        #expect(RuleMethod.allCases.map(\.rawValue) == ["read", "write", "get", "list", "create", "update", "delete"])
    }
}
