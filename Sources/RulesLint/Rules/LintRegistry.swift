/// The catalogue: every check, in documentation order.
public enum LintRegistry {
    /// Every check, compiler-backed ones first, then by category.
    public static let checks: [LintCheck] = CompilerChecks.all + [
        UnknownField.check, WrongArgumentCount.check, TypeMismatch.check, ListInVersion1.check,
        RequestResourceUnavailable.check, UnguardedResourceInCreate.check, ConstantCondition.check, RulesetSize.check,
        PublicWrite.check, NoSizeLimit.check, NoContentTypeCheck.check, ExpiredTestMode.check,
        AnyUserOnUserFolder.check, UnverifiedEmail.check,
        MissingRulesVersion.check, UnusedWildcard.check, Shadowing.check, DuplicateMatch.check,
        JSStrictEquality.check, JSOptionalChaining.check, JSLength.check, JSIncludes.check,
        JSCaseConversion.check, JSStringMethods.check,
        FirestoreLookupBudget.check, LookupBeforeCheapCheck.check,
    ]

    /// Every registered id: the catalogue, then the parser's `syntax.*`
    /// diagnostics, which are configurable and listed in SARIF but not documented
    /// with examples.
    public static let all: [LintCheck] = checks + SyntaxChecks.all

    private static let byID: [String: LintCheck] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The check with this id.
    public static func check(_ id: String) -> LintCheck? { byID[id] }
}
