import Foundation

/// The emulator's setup read the Firebase way: `firebase.json` (`storage`
/// rules, `emulators.storage.host`/`port`) and `.firebaserc` (default
/// project, storage deploy targets), with command-line overrides.
public struct EmulatorSetup: Sendable, Equatable {
    /// Where the rules come from.
    public var rules: RulesSetup
    /// The interface to bind.
    public var host: String
    /// The port to bind.
    public var port: Int
    /// The project id, if one is known.
    public var projectID: String?

    /// The startup error when no rules are configured for a non-demo project (storage-service.md §4.6).
    public static let missingRulesMessage =
        "Cannot start the Storage emulator without rules file specified in firebase.json: run 'firebase init' and set up your Storage configuration"

    /// The command-line values that override the files.
    public struct Overrides: Sendable {
        /// `--rules FILE`.
        public var rules: String?
        /// `--project ID`.
        public var project: String?
        /// `--host`.
        public var host: String?
        /// `--port`.
        public var port: Int?

        /// Creates overrides.
        public init(rules: String? = nil, project: String? = nil, host: String? = nil, port: Int? = nil) {
            self.rules = rules
            self.project = project
            self.host = host
            self.port = port
        }
    }

    /// Reads `firebase.json` and `.firebaserc` in `directory` (both optional) and applies `overrides`.
    public static func resolve(directory: String, overrides: Overrides) throws(EmulatorSetupError) -> EmulatorSetup {
        let base = URL(fileURLWithPath: directory)
        let firebase = try readJSON(base.appendingPathComponent("firebase.json"))
        let firebaserc = try readJSON(base.appendingPathComponent(".firebaserc"))
        let projects = firebaserc?["projects"] as? [String: Any]
        let project = overrides.project ?? projects?["default"] as? String

        let emulator = (firebase?["emulators"] as? [String: Any])?["storage"] as? [String: Any]
        let host = overrides.host ?? emulator?["host"] as? String ?? "127.0.0.1"
        let configuredPort = (emulator?["port"] as? NSNumber)?.intValue ?? (emulator?["port"] as? String).flatMap { Int($0) }
        let port = overrides.port ?? configuredPort ?? 9199
        guard (0...65535).contains(port) else { throw EmulatorSetupError("The port must be 0 to 65535; got \(port).") }

        func resolvePath(_ path: String) -> String {
            path.hasPrefix("/") ? path : base.appendingPathComponent(path).path
        }
        let rules: RulesSetup
        if let file = overrides.rules {
            rules = .shared(path: file.hasPrefix("/") ? file : URL(fileURLWithPath: file).path)
        } else if let storage = firebase?["storage"] as? [String: Any], let file = storage["rules"] as? String {
            rules = .shared(path: resolvePath(file))
        } else if let entries = firebase?["storage"] as? [[String: Any]], !entries.isEmpty {
            let targets = ((firebaserc?["targets"] as? [String: Any])?[project ?? ""] as? [String: Any])?["storage"]
                as? [String: Any]
            var files: [String: String] = [:]
            for entry in entries {
                guard let file = entry["rules"] as? String else {
                    throw EmulatorSetupError("Each entry of firebase.json's storage array needs a \"rules\" file.")
                }
                if let bucket = entry["bucket"] as? String {
                    files[bucket] = resolvePath(file)
                } else if let target = entry["target"] as? String {
                    guard let buckets = targets?[target] as? [String], !buckets.isEmpty else {
                        throw EmulatorSetupError(
                            "Storage target \"\(target)\" is not applied to any bucket in .firebaserc for project \(project ?? "(none)").")
                    }
                    for bucket in buckets { files[bucket] = resolvePath(file) }
                } else {
                    throw EmulatorSetupError("Each entry of firebase.json's storage array needs a \"target\" or a \"bucket\".")
                }
            }
            rules = .perBucket(files)
        } else if let project, project.hasPrefix("demo-") {
            rules = .open
        } else {
            throw EmulatorSetupError(missingRulesMessage)
        }
        return EmulatorSetup(rules: rules, host: host, port: port, projectID: project)
    }

    private static func readJSON(_ url: URL) throws(EmulatorSetupError) -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = try? Data(contentsOf: url) else { throw EmulatorSetupError("Cannot read \(url.path).") }
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw EmulatorSetupError("\(url.path): the top level must be a JSON object.")
            }
            return object
        } catch let error as EmulatorSetupError {
            throw error
        } catch {
            throw EmulatorSetupError("\(url.path): invalid JSON (\(error.localizedDescription)).")
        }
    }
}

/// A project configuration the emulator cannot start with.
public struct EmulatorSetupError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates the error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
