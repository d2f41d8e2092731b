/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    /// The ruleset does not compile.
    case error
    /// The ruleset compiles, but something is likely wrong.
    case warning
    /// Extra information attached to another diagnostic.
    case note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    /// Orders by seriousness: note < warning < error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary message pointing at another place in the source.
public struct DiagnosticNote: Sendable, Hashable {
    /// The note's text.
    public var message: String
    /// Where the note points, if anywhere.
    public var range: SourceRange?

    /// Creates a note.
    public init(message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// A problem found in a rules file, as data: a stable id, a severity, a
/// message, where it is, and optional notes and help.
///
/// Tests assert on ``id`` first and the message second, so ids never change
/// once published. Ids are namespaced by phase: `syntax.*`, `check.*`.
public struct Diagnostic: Sendable, Hashable {
    /// Stable identifier such as `syntax.unterminated-string`.
    public var id: String
    /// How serious it is.
    public var severity: Severity
    /// The message, matching Firebase's wording where Firebase has one.
    public var message: String
    /// The primary range the message is about.
    public var range: SourceRange
    /// Secondary locations.
    public var notes: [DiagnosticNote]
    /// A suggestion for fixing the problem.
    public var help: String?

    /// Creates a diagnostic.
    public init(
        id: String, severity: Severity, message: String, range: SourceRange,
        notes: [DiagnosticNote] = [], help: String? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.help = help
    }

    /// Creates an error.
    public static func error(_ id: String, _ message: String, at range: SourceRange, help: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, range: range, help: help)
    }

    /// Creates a warning.
    public static func warning(_ id: String, _ message: String, at range: SourceRange, help: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, message: message, range: range, help: help)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
