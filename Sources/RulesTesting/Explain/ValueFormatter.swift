import RulesEngine

/// Values in explanations: their rules-source text
/// (``RulesEngine/Value/rulesDescription``), shortened when long.
public enum ValueFormatter {
    /// The value as rules text, at most `limit` characters.
    public static func format(_ value: Value, limit: Int = 120) -> String {
        shorten(value.rulesDescription, limit: limit)
    }

    /// An outcome: the value, or `error: message`.
    public static func format(_ outcome: Outcome, limit: Int = 120) -> String {
        switch outcome {
        case .value(let value): format(value, limit: limit)
        case .error(let error): "error: \(error.message)"
        }
    }

    private static func shorten(_ text: String, limit: Int) -> String {
        text.count > limit ? String(text.prefix(max(1, limit - 1))) + "…" : text
    }
}
