import RulesEngine
import RulesSyntax

/// `.length` on a string or list.
enum JSLength {
    static let check = LintCheck(
        id: "lint.js-length", category: .style, severity: .error,
        summary: "JavaScript's `.length`; rules write `.size()`",
        rationale: """
            Strings, lists, maps and sets have a `size()` method and no `length` field. Reading `.length` is an \
            error when the rule runs, so the condition denies. `--fix` rewrites it.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.length < 100;\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.size() < 100 && resource.metadata.length == '10s';\n}"],
        fixable: true, detector: .tree(detect))

    /// Custom metadata, token claims and Firestore documents may really have a `length` key.
    static func isMapOfUserData(_ base: Expr) -> Bool {
        var node = base.unparenthesized
        while true {
            switch node.kind {
            case .member(let inner, let name):
                if ["metadata", "data", "token", "params"].contains(name.name) { return true }
                node = inner.unparenthesized
            case .index(let inner, _), .call(let inner, _):
                node = inner.unparenthesized
            default:
                return false
            }
        }
    }

    static func detect(_ context: LintContext) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            var callees: Set<Int> = []
            root.forEachNode { node in
                if case .call(let callee, _) = node.kind { callees.insert(callee.id) }
                guard case .member(let base, let name) = node.kind, name.name == "length", !callees.contains(node.id),
                    !Self.isMapOfUserData(base)
                else { return }
                reports.append(LintReport(
                    "`.length` is JavaScript: rules write `.size()`", at: name.range, help: "write `\(context.text(base)).size()`",
                    fix: LintFix([TextEdit(range: name.range, replacement: "size()")])))
            }
        }
        return reports
    }
}

/// JavaScript method names with their rules spelling.
enum JSMethodCalls {
    /// Calls `.name(...)` of a method rules do not have, with the message and an optional replacement name.
    static func reports(
        _ context: LintContext, names: [String: (message: String, replacement: String?)]
    ) -> [LintReport] {
        var reports: [LintReport] = []
        for (root, _) in context.scopedRoots {
            root.forEachNode { node in
                guard case .call(let callee, _) = node.kind, case .member(_, let name) = callee.kind,
                    let entry = names[name.name], !BuiltinRegistry.isMethodName(name.name)
                else { return }
                let fix = entry.replacement.map { LintFix([TextEdit(range: name.range, replacement: $0)]) }
                reports.append(LintReport("`\(name.name)()` is JavaScript: \(entry.message)", at: name.range, help: entry.message, fix: fix))
            }
        }
        return reports
    }
}

/// `.includes(x)`.
enum JSIncludes {
    static let check = LintCheck(
        id: "lint.js-includes", category: .style, severity: .error,
        summary: "JavaScript's `.includes()`; rules write `x in list` or `s.matches('.*x.*')`",
        rationale: """
            Rules have no `includes` method: the call is an error, so the condition denies. Lists, sets and \
            map keys are tested with `x in collection` (or `hasAny`/`hasAll`), strings with `matches`.
            """,
        triggering: ["match /a/{f} {\n  allow read: if ['a', 'b'].includes(f);\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f in ['a', 'b'];\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: ["includes": ("rules write `x in list` (or `s.matches('.*x.*')` for strings)", nil)])
    }
}

/// `.toLowerCase()` / `.toUpperCase()`.
enum JSCaseConversion {
    static let check = LintCheck(
        id: "lint.js-case-conversion", category: .style, severity: .error,
        summary: "JavaScript's `toLowerCase()`/`toUpperCase()`; rules write `lower()`/`upper()`",
        rationale: """
            Rules strings have `lower()` and `upper()`. The JavaScript names are errors when the rule runs, so \
            the condition denies. `--fix` renames them.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.toLowerCase() == 'readme';\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.lower() == 'readme';\n}"],
        fixable: true, detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: [
            "toLowerCase": ("rules write `lower()`", "lower"), "toUpperCase": ("rules write `upper()`", "upper"),
            "toLocaleLowerCase": ("rules write `lower()`", "lower"), "toLocaleUpperCase": ("rules write `upper()`", "upper"),
        ])
    }
}

/// `startsWith`, `endsWith`, `indexOf`, `substring`, `charAt`, `replaceAll`.
enum JSStringMethods {
    static let check = LintCheck(
        id: "lint.js-string-methods", category: .style, severity: .error,
        summary: "JavaScript string methods rules do not have (`startsWith`, `endsWith`, `indexOf`, `substring`, ...)",
        rationale: """
            These methods do not exist in rules; calling them is an error, so the condition denies. Prefixes \
            and suffixes are tested with `matches`, substrings taken with `s[i:j]`, replacements with `replace`.
            """,
        triggering: ["match /a/{f} {\n  allow read: if f.startsWith('public_');\n}"],
        nonTriggering: ["match /a/{f} {\n  allow read: if f.matches('public_.*');\n}"],
        detector: .tree(detect))

    static func detect(_ context: LintContext) -> [LintReport] {
        JSMethodCalls.reports(context, names: [
            "startsWith": ("rules write `s.matches('prefix.*')`", nil),
            "endsWith": ("rules write `s.matches('.*suffix')`", nil),
            "indexOf": ("rules write `x in list`, or `s.matches(...)` for strings", nil),
            "substring": ("rules write `s[start:end]`", nil),
            "substr": ("rules write `s[start:end]`", nil),
            "charAt": ("rules write `s[index]`", nil),
            "replaceAll": ("rules write `s.replace(regex, replacement)`, which replaces every match", "replace"),
        ])
    }
}
