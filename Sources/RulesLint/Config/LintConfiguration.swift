import Foundation
import RulesSyntax
import Yams

/// The settings of a `.storage-rules.yaml` file:
///
/// ```yaml
/// fail-on: warning            # lowest severity that makes lint exit 1 (default error)
/// ignore: [legacy/**]         # files never linted, relative to this file
/// checks:
///   lint.no-content-type-check: off
///   lint.unused-wildcard: warning
///   lint.public-write:
///     severity: error
///     ignore: [public/**]     # paths where this check is off
/// ```
public struct LintConfiguration: Sendable {
    /// The folder the configuration file is in; globs are relative to it.
    public var directory: String
    /// Severity per check id; `nil` switches the check off.
    public var severities: [String: Severity?]
    /// Globs of files never linted.
    public var ignoredPaths: [String]
    /// Globs of files where one check is off.
    public var checkIgnores: [String: [String]]
    /// The lowest severity that makes the command fail, when the file sets it.
    public var failOn: Severity?

    /// An empty configuration: every check at its default severity.
    public init(directory: String = "", severities: [String: Severity?] = [:], ignoredPaths: [String] = [], checkIgnores: [String: [String]] = [:], failOn: Severity? = nil) {
        self.directory = directory
        self.severities = severities
        self.ignoredPaths = ignoredPaths
        self.checkIgnores = checkIgnores
        self.failOn = failOn
    }

    /// The effective severity of a check, `nil` when it is switched off.
    public func severity(for id: String, default fallback: Severity) -> Severity? {
        if let configured = severities[id] { return configured }
        return fallback
    }

    /// Whether the file is ignored altogether.
    public func ignores(path: String?) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return ignoredPaths.contains { Glob.matches($0, relative) }
    }

    /// Whether one check is off for the file.
    public func ignores(check id: String, path: String?) -> Bool {
        guard let globs = checkIgnores[id], let relative = relativePath(path) else { return false }
        return globs.contains { Glob.matches($0, relative) }
    }

    private func relativePath(_ path: String?) -> String? {
        guard let path else { return nil }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: directory.isEmpty ? FileManager.default.currentDirectoryPath : directory).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}

/// A configuration file that could not be used, with the reason.
public struct LintConfigurationError: Error, Sendable, CustomStringConvertible {
    /// `path: reason`.
    public var description: String
}

extension LintConfiguration {
    /// The name of the configuration file.
    public static let fileName = ".storage-rules.yaml"

    /// Parses configuration text; unknown keys, check ids and severities are errors.
    public static func parse(_ text: String, path: String) throws(LintConfigurationError) -> LintConfiguration {
        func fail(_ reason: String) -> LintConfigurationError { LintConfigurationError(description: "\(path): \(reason)") }
        let loaded: Any?
        do { loaded = try Yams.load(yaml: text) } catch { throw fail("not valid YAML: \(error)") }
        var configuration = LintConfiguration(directory: (path as NSString).deletingLastPathComponent)
        guard let loaded else { return configuration }
        guard let root = loaded as? [String: Any] else { throw fail("expected a map with `checks`, `ignore` or `fail-on`") }
        for (key, value) in root {
            switch key {
            case "fail-on":
                guard let name = value as? String, let severity = Severity(rawValue: name) else {
                    throw fail("`fail-on` must be error, warning or note")
                }
                configuration.failOn = severity
            case "ignore":
                configuration.ignoredPaths = try globs(value, "ignore", fail)
            case "checks":
                guard let checks = value as? [String: Any] else { throw fail("`checks` must map check ids to a severity") }
                for (id, setting) in checks {
                    guard LintRegistry.check(id) != nil else { throw fail("unknown check `\(id)` (see `storage-rules lint --list-checks`)") }
                    if let map = setting as? [String: Any] {
                        for (field, fieldValue) in map {
                            switch field {
                            case "severity": configuration.severities[id] = try severity(fieldValue, id, fail)
                            case "ignore": configuration.checkIgnores[id] = try globs(fieldValue, "\(id).ignore", fail)
                            default: throw fail("unknown setting `\(field)` for `\(id)`: use `severity` or `ignore`")
                            }
                        }
                    } else {
                        configuration.severities[id] = try severity(setting, id, fail)
                    }
                }
            default:
                throw fail("unknown key `\(key)`: use `checks`, `ignore` or `fail-on`")
            }
        }
        return configuration
    }

    private static func severity(
        _ value: Any, _ id: String, _ fail: (String) -> LintConfigurationError
    ) throws(LintConfigurationError) -> Severity? {
        // YAML 1.1 readers turn a bare `off` into false.
        if let flag = value as? Bool, !flag { return nil }
        guard let name = value as? String else { throw fail("the severity of `\(id)` must be error, warning, note or off") }
        if name == "off" { return nil }
        guard let severity = Severity(rawValue: name) else { throw fail("the severity of `\(id)` must be error, warning, note or off, not `\(name)`") }
        return severity
    }

    private static func globs(_ value: Any, _ key: String, _ fail: (String) -> LintConfigurationError) throws(LintConfigurationError) -> [String] {
        if let single = value as? String { return [single] }
        guard let list = value as? [Any], let strings = list as? [String] else { throw fail("`\(key)` must be a list of paths") }
        return strings
    }
}

/// Finds the configuration that applies to a file: the nearest
/// `.storage-rules.yaml` in its folder or any folder above it. Results are
/// cached per folder, so a tree of files reads each configuration once.
public final class LintConfigurationLoader: @unchecked Sendable {
    private var cache: [String: LintConfiguration] = [:]
    private let lock = NSLock()

    /// Creates a loader.
    public init() {}

    /// The configuration for a file (`nil` path: standard input, searched from the working folder).
    public func configuration(forFile path: String?) throws(LintConfigurationError) -> LintConfiguration {
        let start = path.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try configuration(inFolder: start.path)
    }

    private func configuration(inFolder folder: String) throws(LintConfigurationError) -> LintConfiguration {
        lock.lock()
        let cached = cache[folder]
        lock.unlock()
        if let cached { return cached }
        let candidate = (folder as NSString).appendingPathComponent(LintConfiguration.fileName)
        let result: LintConfiguration
        if FileManager.default.fileExists(atPath: candidate) {
            guard let text = try? String(contentsOfFile: candidate, encoding: .utf8) else {
                throw LintConfigurationError(description: "\(candidate): cannot be read as UTF-8 text")
            }
            result = try LintConfiguration.parse(text, path: candidate)
        } else {
            let parent = (folder as NSString).deletingLastPathComponent
            result = parent == folder || parent.isEmpty ? LintConfiguration(directory: folder) : try configuration(inFolder: parent)
        }
        lock.lock()
        cache[folder] = result
        lock.unlock()
        return result
    }
}

/// Shell-style globs on `/`-separated relative paths: `*` and `?` stay
/// within a segment, `**` crosses segments, a trailing `/` matches a folder's contents.
public enum Glob {
    /// Whether the glob matches the path.
    public static func matches(_ glob: String, _ path: String) -> Bool {
        let pattern = glob.hasSuffix("/") ? glob + "**" : glob
        return match(Array(pattern.utf8)[...], Array(path.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let slash = UInt8(ascii: "/")
        if first == UInt8(ascii: "*") {
            let double = pattern.dropFirst().first == UInt8(ascii: "*")
            let rest = pattern.dropFirst(double ? 2 : 1)
            // `**/` also matches zero folders.
            if double, rest.first == slash, match(rest.dropFirst(), text) { return true }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, double || text[index] != slash else { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == UInt8(ascii: "?") ? character != slash : character == first {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
