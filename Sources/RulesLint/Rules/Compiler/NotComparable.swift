import RulesSyntax

/// `check.not-comparable`, reported by the rules compiler: `!=` between values of types that are never equal.
enum NotComparable {
    static let check = LintCheck(
        id: "check.not-comparable", category: .correctness, severity: .warning,
        summary: "`!=` between values of types that are never equal",
        rationale: "Values of different types are never equal, so such a comparison is always true and guards nothing.",
        triggering: ["match /a/{f} {\n  allow read: if latlng.value(0, 0) != null;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if request.auth != null;\n}"],
        detector: .compiler)
}
