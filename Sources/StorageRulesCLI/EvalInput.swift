import Foundation
import RulesEngine

/// Checks of `eval`'s options that the suites make too: each refuses a value
/// with a message naming the option, instead of evaluating something else.
enum EvalInput {
    /// The bucket name: non-empty, one path segment, no control characters.
    static func bucket(_ name: String) throws(CLIError) -> String {
        if let problem = BucketNames.problem(with: name) { throw CLIError("--bucket \(problem)") }
        return name
    }

    /// The object path: no leading `/` (as in suites); kept exactly as given
    /// (an object name, not normalized like an SDK path).
    static func objectPath(_ path: String) throws(CLIError) -> String {
        guard !path.hasPrefix("/") else {
            throw CLIError("--path is an object path without a leading `/` (got `\(path)`)")
        }
        return path
    }

    /// The index of the first command-line argument that is not valid UTF-8
    /// (Swift would silently turn its bad bytes into U+FFFD), or `nil`.
    static func firstInvalidUTF8(_ arguments: [[UInt8]]) -> Int? {
        arguments.firstIndex { String(validating: $0, as: UTF8.self) == nil }
    }

    /// The message for the argument at `index` that is not UTF-8: the
    /// option it belongs to, and its bytes with the bad ones as `\xFF`.
    static func invalidUTF8Message(_ arguments: [[UInt8]], at index: Int) -> String {
        var shown = ""
        var rest = arguments[index][...]
        while !rest.isEmpty {
            // The longest valid UTF-8 prefix of at most 4 bytes, else one bad byte.
            if let length = (1...min(4, rest.count)).first(where: { String(validating: rest.prefix($0), as: UTF8.self) != nil }) {
                shown += String(decoding: rest.prefix(length), as: UTF8.self)
                rest = rest.dropFirst(length)
            } else {
                shown += "\\x" + String(rest[rest.startIndex], radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        let option = index > 0 ? String(decoding: arguments[index - 1], as: UTF8.self) : ""
        let subject = option.hasPrefix("--") ? "the value of \(option)" : "an argument"
        return "\(subject) is not valid UTF-8 text: `\(shown)`"
    }

    /// The process's arguments as raw bytes.
    static var rawArguments: [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }

    /// `resource` with `timeCreated` / `updated` converted; a string there that is not RFC 3339 is an error.
    static func existing(_ value: Value?) throws(CLIError) -> Value? {
        guard let value else { return nil }
        if case .map(let map) = value {
            for key in ["timeCreated", "updated"] {
                if case .string(let text)? = map[key], Timestamp(rfc3339: text) == nil {
                    throw CLIError("--existing `\(key)` is not an RFC 3339 timestamp: `\(text)`")
                }
            }
        }
        return ValueJSON.convertingObjectTimes(value)
    }

    /// Whether a `--firestore` key names a document (collection/document pairs).
    static func documentPath(_ key: String) throws(CLIError) -> String {
        let path = InMemoryDocuments.fullPath(key)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.count >= 5, segments.count % 2 == 1, segments.allSatisfy({ !$0.isEmpty }),
            segments.first == "databases", segments.dropFirst(2).first == "documents"
        else {
            throw CLIError("--firestore key `\(key)` is not a document path (collection/document pairs, e.g. `users/alice`)")
        }
        return key
    }
}
