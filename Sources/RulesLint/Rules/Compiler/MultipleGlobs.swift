import RulesSyntax

/// `check.multiple-globs`, reported by the rules compiler: more than one recursive wildcard in one match path.
enum MultipleGlobs {
    static let check = LintCheck(
        id: "check.multiple-globs", category: .correctness, severity: .error,
        summary: "more than one recursive wildcard in one match path",
        rationale: "A match path may hold one recursive wildcard; a second one is rejected by the compiler.",
        triggering: ["match /{a=**}/x/{b=**} {\n  allow read: if request.auth != null;\n}"],
        nonTriggering: ["match /x/{b=**} {\n  allow read: if request.auth != null;\n}"],
        detector: .compiler)
}
