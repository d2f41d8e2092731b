import RulesEngine
import RulesSyntax

/// `request.auth.userId`, `resource.contentTpye`, `request.resource.data`.
enum UnknownField {
    static let check = LintCheck(
        id: "lint.unknown-field", category: .correctness, severity: .error,
        summary: "a field that `request`, `request.auth`, `resource` or `request.resource` does not have",
        rationale: """
            Reading a field that does not exist is an error when the rule runs, and an error denies. A typo such \
            as `resource.contentTpye` or a Firestore habit such as `request.resource.data` therefore denies every \
            request the condition guards, silently. The fields are those of the Storage request and object \
            model of the live service, where `request.resource` has no `timeCreated` or `updated` (the emulator \
            has them); custom metadata lives under `metadata` and token claims under `request.auth.token`.
            """,
        triggering: [
            "match /users/{uid}/{f} {\n  allow read: if request.auth.userId == uid;\n}",
            "match /a/{f} {\n  allow write: if request.resource.contentTpye.matches('image/.*');\n}",
            "match /a/{f} {\n  allow update: if request.resource.updated > resource.updated;\n}",
        ],
        nonTriggering: [
            "match /users/{uid}/{f} {\n  allow read: if request.auth.uid == uid;\n}",
            "match /a/{f} {\n  allow write: if request.resource.metadata.owner == request.auth.token.email;\n}",
        ],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, locals) in context.scopedRoots {
            root.forEachNode { node in
                guard case .member(let base, let name) = node.kind, let basePath = base.dottedPath,
                    let first = basePath.first, !locals.contains(first)
                else { return }
                let fields: [String: ValueType?]
                let owner = basePath.joined(separator: ".")
                switch basePath {
                case ["request"]: fields = StorageModel.requestFields
                case ["request", "auth"]: fields = StorageModel.authFields
                case ["resource"]: fields = StorageModel.objectFields
                case ["request", "resource"]: fields = StorageModel.incomingObjectFields
                default: return
                }
                guard fields[name.name] == nil else { return }
                var help: String?
                if basePath == ["request", "resource"], StorageModel.objectFields[name.name] != nil {
                    help = "production sends no `\(name.name)` for the incoming object (the emulator does); the upload time is `request.time`"
                } else if let suggestion = LintContext.suggestion(for: name.name, among: fields.keys) {
                    help = "did you mean `\(owner).\(suggestion)`?"
                } else if basePath.last == "resource", name.name == "data" {
                    help = "Storage objects have no `data`: custom metadata is in `\(owner).metadata`"
                } else if basePath == ["request", "auth"] {
                    help = "claims of the ID token are in `request.auth.token`, e.g. `request.auth.token.\(name.name)`"
                } else {
                    help = "known fields: " + fields.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                }
                reports.append(LintReport(
                    "`\(owner)` has no field `\(name.name)`: reading it is an error, so the condition denies",
                    at: name.range, help: help))
            }
        }
        return reports
    }
}
