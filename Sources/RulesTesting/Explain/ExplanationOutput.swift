extension Explanation {
    /// The explanation as indented text, the way failing cases show it.
    public func text(color: Bool) -> String {
        CaseDescriber(style: TextStyle(color: color)).explanationLines(self).joined(separator: "\n") + "\n"
    }

    /// The explanation as a JSON document, the way `--format json` shows it.
    public var json: String {
        JSONReporter.explanationJSON(self).serialized()
    }
}
