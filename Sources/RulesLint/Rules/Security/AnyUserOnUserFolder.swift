import RulesSyntax

/// `match /users/{uid}/{f} { allow read, write: if request.auth != null; }`.
enum AnyUserOnUserFolder {
    static let check = LintCheck(
        id: "lint.any-user-on-user-folder", category: .security, severity: .warning,
        summary: "a per-user folder (`/users/{uid}/...`) open to any signed-in user",
        rationale: """
            A folder keyed by a user id is meant for that user, but a condition that only checks \
            `request.auth != null` lets every signed-in user read or write every other user's files. Compare \
            the wildcard with `request.auth.uid`.
            """,
        triggering: ["match /users/{uid}/{file} {\n  allow read, write: if request.auth != null;\n}"],
        nonTriggering: ["match /users/{uid}/{file} {\n  allow read, write: if request.auth != null && request.auth.uid == uid;\n}"],
        detector: .tree(detect))

    /// Whether a wildcard name stands for a user id.
    static func isUserWildcard(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["uid", "userid", "user_id", "user", "useruid", "ownerid", "owner_id", "owneruid"].contains(lowered) || lowered.hasSuffix("uid")
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (allow, blocks) in context.allows {
            guard let condition = allow.condition,
                let wildcard = LintContext.captures(blocks).last(where: { isUserWildcard($0.name) })
            else { continue }
            let reachable = context.reachable(from: condition)
            // Ownership may be checked another way: metadata, claims or a Firestore document.
            let checksAuth = context.contains(reachable) { $0.dottedPath == ["request", "auth"] }
            let other = context.contains(reachable) { node in
                if case .identifier(let name) = node.kind, name == wildcard.name { return true }
                if node.isFirestoreLookup { return true }
                guard let path = node.dottedPath else { return false }
                return path.starts(with: ["request", "auth", "token"]) || path.starts(with: ["request", "auth", "uid"])
                    || path.contains("metadata") || path.contains("name")
            }
            guard checksAuth, !other else { continue }
            let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
            reports.append(LintReport(
                "any signed-in user may \(methods) in another user's folder: the condition never compares `\(wildcard.name)` with `request.auth.uid`",
                at: allow.head, help: "add `request.auth.uid == \(wildcard.name)`"))
        }
        return reports
    }
}
