/// Why a suite file could not be loaded: bad YAML, an unknown key, a wrong
/// type, a missing rules file or rules that do not compile.
public struct SuiteLoadError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is (the suite file, or the rules file for compile errors).
    public var location: SuiteLocation
    /// The message, lowercase, user input in backticks.
    public var message: String
    /// The key the message is about, when there is one.
    public var key: String?
    /// Extra text shown under the message (rendered rules diagnostics).
    public var details: String?

    /// Creates an error.
    public init(location: SuiteLocation, message: String, key: String? = nil, details: String? = nil) {
        self.location = location
        self.message = message
        self.key = key
        self.details = details
    }

    /// `file:line:column: error: message`, followed by the details.
    public var description: String {
        var text = "\(location): error: \(message)"
        if let details, !details.isEmpty {
            text += "\n" + details.trimmingTrailingNewlines()
        }
        return text
    }
}

extension SuiteLoadError {
    /// The same error with its position moved inside `text`: libyaml reports
    /// an error at the end of a text without a final newline on the line
    /// after the last one.
    func clamped(to text: String) -> SuiteLoadError {
        let lines = Self.yamlLines(text)
        guard location.line > lines.count, let last = lines.last else { return self }
        var copy = self
        copy.location.line = lines.count
        copy.location.column = String(decoding: last, as: UTF8.self).count + 1
        return copy
    }

    /// The lines of a YAML text as libyaml numbers them: LF, CR and CRLF
    /// each end a line.
    static func yamlLines(_ text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                lines.append(bytes[start..<index])
                start = index + 1
            case 0x0D:
                lines.append(bytes[start..<index])
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            default:
                break
            }
            index += 1
        }
        lines.append(bytes[start...])
        return lines
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
