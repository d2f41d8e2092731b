import RulesSyntax

/// Speed of `storage-rules fmt` on a large file.
func runFormatBenchmarks() {
    print("== formatter")
    let text = formatBenchmarkRules(lines: 1_000)
    let source = SourceFile(path: "bench.rules", text: text)
    let lineCount = source.lineCount
    guard case .formatted(let formatted) = RulesFormatter.format(source) else {
        print("benchmark rules did not parse")
        return
    }
    measure("fmt a \(lineCount)-line file (parse + format)", iterations: 200) {
        _ = RulesFormatter.format(source)
    }
    let parsed = Parser.parse(source)
    measure("format only (tree and comments already parsed)", iterations: 200) {
        _ = RulesFormatter.format(parsed)
    }
    let clean = SourceFile(path: "clean.rules", text: formatted)
    measure("fmt --check of the same file, already formatted", iterations: 200) {
        if case .formatted(let again) = RulesFormatter.format(clean), again != formatted {
            print("formatting is not idempotent")
        }
    }
}

/// A messy but valid ruleset of about `lines` lines: functions with lets,
/// matches with long conditions, comments in every position.
func formatBenchmarkRules(lines: Int) -> String {
    var out = "rules_version = '2';\n// Generated for the formatter benchmark.\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
    var block = 0
    while out.split(separator: "\n", omittingEmptySubsequences: false).count < lines - 2 {
        out += """
                function canWrite\(block)(uid) { // owner or admin
                  let owner = request.auth!=null&&request.auth.uid==uid;
                  return owner||request.auth.token.admin==true
                }

                /* Folder \(block). */
                match /folder\(block)/{uid}/{file=**} {
                  allow read: if request.auth != null && (resource.metadata.owner == uid || resource.metadata.shared == "true") && resource.size < 10 * 1024 * 1024;
                  allow create, update: if canWrite\(block)(uid) && // size limit
                    request.resource.size < 5 * 1024 * 1024
                    && request.resource.contentType.matches("image/.*") && request.resource.metadata.keys().hasOnly(['owner', 'shared'])
                  allow delete: if canWrite\(block)(uid); // owners only
                }

            """
        block += 1
    }
    return out + "  }\n}\n"
}
