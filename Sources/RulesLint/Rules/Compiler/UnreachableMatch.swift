import RulesSyntax

/// `check.unreachable-match`, reported by the rules compiler: a match that can never apply to a Storage request (Firestore-style paths).
enum UnreachableMatch {
    static let check = LintCheck(
        id: "check.unreachable-match", category: .correctness, severity: .warning,
        summary: "a match that can never apply to a Storage request (Firestore-style paths)",
        rationale: """
            Storage request paths have the form `/b/{bucket}/o/<object>`. A top-level match such as \
            `/databases/{database}/documents` (copied from Firestore rules) never matches, so nothing under \
            it grants anything.
            """,
        triggering: ["service firebase.storage {\n  match /databases/{database}/documents {\n    allow read: if request.auth != null;\n  }\n}"],
        nonTriggering: ["service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth != null;\n  }\n}"],
        detector: .compiler)
}
