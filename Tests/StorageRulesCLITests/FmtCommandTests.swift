import ArgumentParser
import Foundation
import Testing

@testable import StorageRulesCLI

/// `storage-rules fmt`: printing, `--write`, `--check`, standard input,
/// folders, and files that cannot be formatted.
struct FmtCommandTests {
    static let messy = "service firebase.storage {\nmatch /b/{bucket}/o {\n  allow read: if request.auth!=null\n}\n}\n"
    static let formatted = """
        service firebase.storage {
          match /b/{bucket}/o {
            allow read: if request.auth != null;
          }
        }

        """

    /// Output captured from one run.
    final class Capture {
        var output = ""
        var errors = ""
    }

    static func run(_ mode: FmtRunner.Mode, _ paths: [String], stdin: String = "") -> (status: Int32, capture: Capture) {
        let capture = Capture()
        var runner = FmtRunner(mode: mode)
        runner.readStandardInput = { .success(stdin) }
        runner.output = { capture.output += $0 }
        runner.errorOutput = { capture.errors += $0.hasSuffix("\n") ? $0 : $0 + "\n" }
        return (runner.run(paths), capture)
    }

    @Test func printsTheCanonicalForm() throws {
        let path = try CommandTests.file(Self.messy)
        let (status, capture) = Self.run(.print, [path])
        #expect(status == 0)
        #expect(capture.output == Self.formatted)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.messy, "printing leaves the file alone")
    }

    @Test func readsStandardInput() {
        let (status, capture) = Self.run(.print, ["-"], stdin: Self.messy)
        #expect(status == 0)
        #expect(capture.output == Self.formatted)
    }

    @Test func checkPrintsAUnifiedDiffAndExitsOne() throws {
        let path = try CommandTests.file(Self.messy, name: "x.rules")
        let (status, capture) = Self.run(.check, [path])
        #expect(status == 1)
        let label = String(path.dropFirst())
        #expect(capture.output == """
            --- a/\(label)
            +++ b/\(label)
            @@ -1,5 +1,5 @@
             service firebase.storage {
            -match /b/{bucket}/o {
            -  allow read: if request.auth!=null
            +  match /b/{bucket}/o {
            +    allow read: if request.auth != null;
            +  }
             }
            -}

            """)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.messy, "--check changes nothing")
    }

    @Test func checkExitsZeroAndPrintsNothingWhenFormatted() throws {
        let (status, capture) = Self.run(.check, [try CommandTests.file(Self.formatted)])
        #expect(status == 0)
        #expect(capture.output.isEmpty)
    }

    @Test func diffLabelsDropALeadingDotSlash() {
        #expect(FmtRunner.diff(old: "a\n", new: "b\n", path: "./rules/x.rules").hasPrefix("--- a/rules/x.rules\n+++ b/rules/x.rules\n"))
    }

    @Test func checkOnStandardInputUsesItsName() {
        let (status, capture) = Self.run(.check, ["-"], stdin: Self.messy)
        #expect(status == 1)
        #expect(capture.output.hasPrefix("--- a/<stdin>\n+++ b/<stdin>\n@@ "))
    }

    @Test func writeRewritesInPlaceKeepingPermissions() throws {
        let path = try CommandTests.file(Self.messy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let (status, capture) = Self.run(.write, [path])
        #expect(status == 0, "a rewrite is success, as pre-commit expects")
        #expect(capture.output.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.formatted)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["storage.rules"], "no temporary file is left")
    }

    @Test func aFailedReplaceNamesThePathAndLeavesNothingBehind() throws {
        let path = try CommandTests.file(Self.messy)
        let folder = (path as NSString).deletingLastPathComponent
        let missing = folder + "/gone/x.rules"
        guard case .failure(let error) = AtomicFile.replace(missing, with: "text") else {
            Issue.record("writing into a missing folder succeeded")
            return
        }
        #expect(error.description.hasPrefix(missing + ": cannot be written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["storage.rules"])
    }

    @Test func writeLeavesFormattedFilesUntouched() throws {
        let path = try CommandTests.file(Self.formatted)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(Self.run(.write, [path]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(before == after, "an already formatted file is not replaced")
    }

    @Test func writeFollowsSymbolicLinks() throws {
        let path = try CommandTests.file(Self.messy)
        let link = (path as NSString).deletingLastPathComponent + "/link.rules"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(Self.run(.write, [link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.formatted)
    }

    @Test func foldersAreSearchedForRulesFiles() throws {
        let first = try CommandTests.file(Self.messy, name: "a.rules")
        let folder = (first as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/nested", withIntermediateDirectories: true)
        try Self.messy.write(toFile: folder + "/nested/b.rules", atomically: true, encoding: .utf8)
        try "not rules".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/.build", withIntermediateDirectories: true)
        try Self.messy.write(toFile: folder + "/.build/hidden.rules", atomically: true, encoding: .utf8)
        #expect(Self.run(.check, [folder]).status == 1)
        #expect(Self.run(.write, [folder]).status == 0)
        #expect(try String(contentsOfFile: folder + "/nested/b.rules", encoding: .utf8) == Self.formatted)
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "not rules")
        #expect(try String(contentsOfFile: folder + "/.build/hidden.rules", encoding: .utf8) == Self.messy, "hidden folders are skipped")
        #expect(Self.run(.check, [folder]).status == 0)
    }

    @Test(arguments: [FmtRunner.Mode.print, .write, .check])
    func unparseableFilesAreReportedAndLeftUntouched(_ mode: FmtRunner.Mode) throws {
        let broken = "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth !=;\n  }\n}\n"
        let path = try CommandTests.file(broken)
        let (status, capture) = Self.run(mode, [path])
        #expect(status == 2)
        #expect(capture.output.isEmpty)
        #expect(capture.errors.contains("\(path):3:35: error: Unexpected ';'."))
        #expect(capture.errors.contains("was not formatted"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    /// A file that parses but whose tree lacks text is refused with that
    /// reason, not "it does not parse".
    @Test(arguments: [
        ("rules_version = '2';\nrules_version = '2';\n" + formatted, "the repeated `rules_version`"),
        (formatted + "service other.thing {\n  match /x {\n    allow read: if true;\n  }\n}\n", "the second `service` block"),
    ])
    func lossyFilesSayWhatFormattingWouldDrop(_ text: String, _ dropped: String) throws {
        let path = try CommandTests.file(text)
        let (status, capture) = Self.run(.write, [path])
        #expect(status == 2)
        #expect(capture.errors.contains("was not formatted: formatting would drop \(dropped)"), "\(capture.errors)")
        #expect(!capture.errors.contains("does not parse"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func binaryInputExitsTwo() throws {
        let path = try CommandTests.file("")
        try Data([0x00, 0xFF, 0xFE, 0x7F, 0x80, 0x00, 0x12]).write(to: URL(fileURLWithPath: path))
        let (status, capture) = Self.run(.write, [path])
        #expect(status == 2)
        #expect(capture.errors.contains(path))
    }

    @Test func missingPathsExitTwoNamingThePath() {
        let (status, capture) = Self.run(.print, ["/nonexistent/x.rules"])
        #expect(status == 2)
        #expect(capture.errors.contains("/nonexistent/x.rules"))
    }

    @Test(arguments: [["fmt"], ["fmt", "--write", "--check", "x.rules"]])
    func usageMistakesExitTwo(_ arguments: [String]) {
        #expect(CommandTests.status(arguments) == 2)
    }

    @Test func theSubcommandIsRegistered() throws {
        let path = try CommandTests.file(Self.formatted)
        #expect(CommandTests.status(["fmt", "--check", path]) == 0)
        #expect(CommandTests.status(["fmt", "--check", try CommandTests.file(Self.messy)]) == 1)
    }
}
