import RulesEngine
import RulesSyntax

/// How decisions and compiles scale with the size of a rules file: the
/// same allowed `create` among 200 match blocks, and parse + check + compile
/// of a generated 1,000-line file.
func runScalingBenchmarks(singleBlockAllow: Double, request: AuthorizationRequest) {
    let wide = SourceFile(path: "wide.rules", text: manyBlockRules(blocks: 200))
    guard let widely = compiledOrReport(wide) else { return }
    let wideAllow = measure("isAllowed create among 200 match blocks", iterations: 500_000) {
        _ = widely.isAllowed(request)
    }
    TargetTable.record("decide: 200 match blocks / 1 block, same allow", wideAllow / singleBlockAllow)

    let large = largeRulesSource
    let lines = large.text.split(separator: "\n", omittingEmptySubsequences: false).count
    guard compiledOrReport(large) != nil else { return }
    let compile = measure("compile a \(lines)-line file (nested matches, functions, regexes)", iterations: 200) {
        _ = CompiledRuleset.compile(large)
    }
    TargetTable.record("compile a 1,000-line file (parse, check, build)", compile * 1000 / Double(lines))
}

private func compiledOrReport(_ source: SourceFile) -> CompiledRuleset? {
    let result = CompiledRuleset.compile(source)
    if result.ruleset == nil {
        print("\(source.path) did not compile: \(result.diagnostics.map(\.message))")
    }
    return result.ruleset
}

/// The benchmark's 12-line policy, preceded by `blocks - 1` other top-level
/// match blocks with literal first segments the request does not match.
func manyBlockRules(blocks: Int) -> String {
    var text = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
            function isImage() { return request.resource.contentType.matches('image/.*'); }

        """
    for block in 0..<(blocks - 2) {
        text += "    match /area\(block)/{uid}/{file=**} { allow read, write: if isOwner(uid); }\n"
    }
    text += """
            match /users/{uid}/{file=**} {
              allow read: if isOwner(uid);
              allow create: if isOwner(uid) && isImage() && request.resource.size < 5 * 1024 * 1024;
            }
            match /public/{file} { allow read; }
          }
        }
        """
    return text
}

/// The large file the compile benchmarks measure: 70 groups, 989 lines.
let largeRulesSource = SourceFile(path: "large.rules", text: largeRules(groups: 70))

/// A realistic large file: per-team groups of nested matches, each with
/// its own function, size and type limits and regexes (14 lines a group).
func largeRules(groups: Int) -> String {
    var text = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function signedIn() { return request.auth != null; }
            function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
            function isImage() { return request.resource.contentType.matches('image/(png|jpeg|gif|webp)'); }

        """
    for group in 0..<groups {
        text += """
                match /team\(group) {
                  function isMember\(group)() { return signedIn() && request.auth.token.team == 'team\(group)'; }
                  match /docs/{docId} {
                    allow read: if isMember\(group)() || resource.metadata.visibility == 'public';
                    allow create, update: if isMember\(group)()
                                 && request.resource.size < \(group + 1) * 1024 * 1024
                                 && request.resource.name.matches('team\(group)/docs/[a-z0-9_-]+[.](pdf|txt|md)');
                    allow delete: if isMember\(group)() && request.auth.token.role in ['admin', 'owner'];
                  }
                  match /uploads/{uid}/{path=**} {
                    allow read: if isOwner(uid) || isMember\(group)();
                    allow write: if isOwner(uid) && isImage() && request.resource.size < 10 * 1024 * 1024;
                  }
                }

            """
    }
    text += "  }\n}\n"
    return text
}
