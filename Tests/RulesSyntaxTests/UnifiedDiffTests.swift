import Testing

@testable import RulesSyntax

/// The unified diff `fmt --check` prints: hunks with three lines of
/// context, `diff -u` headers, and the missing-newline marker.
struct UnifiedDiffTests {
    static let lines = (1...20).map { "line \($0)\n" }

    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "a\nb\n", oldLabel: "a/x", newLabel: "b/x") == "")
    }

    @Test func distantChangesMakeSeparateHunks() {
        var new = Self.lines
        new[1] = "changed 2\n"
        new.insert("inserted\n", at: 15)
        let diff = UnifiedDiff.render(old: Self.lines.joined(), new: new.joined(), oldLabel: "a/x.rules", newLabel: "b/x.rules")
        #expect(diff == """
            --- a/x.rules
            +++ b/x.rules
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +changed 2
             line 3
             line 4
             line 5
            @@ -13,6 +13,7 @@
             line 13
             line 14
             line 15
            +inserted
             line 16
             line 17
             line 18

            """)
    }

    @Test func nearbyChangesShareAHunk() {
        var new = Self.lines
        new.remove(at: 9)
        new[4] = "five\n"
        let diff = UnifiedDiff.render(old: Self.lines.joined(), new: new.joined(), oldLabel: "a", newLabel: "b")
        #expect(diff.components(separatedBy: "\n@@").count == 2, "one hunk:\n\(diff)")
        #expect(diff.contains("@@ -2,12 +2,11 @@\n"))
    }

    @Test func aMissingFinalNewlineIsMarked() {
        let diff = UnifiedDiff.render(old: "a\nb", new: "a\nb\n", oldLabel: "a/x", newLabel: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    @Test func insertionIntoAnEmptyFile() {
        let diff = UnifiedDiff.render(old: "", new: "a\n", oldLabel: "a/x", newLabel: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -0,0 +1 @@\n+a\n")
    }
}
