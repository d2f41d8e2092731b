import Foundation
import RulesEngine
import StorageSimulator
import Testing

/// Rules texts and helpers shared by the tests that go through real rules.
enum TestRules {
    /// `rules_version = '2'; service firebase.storage { match /b/{bucket}/o { <body> } }`.
    static func storage(_ body: String) -> String {
        "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    \(body)\n  }\n}\n"
    }

    /// Everything allowed.
    static let open = storage("match /{allPaths=**} { allow read, write; }")

    /// A simulator with the given rules (compiled) and a fixed clock.
    static func simulator(
        _ rules: String, configuration: StorageSimulator.Configuration = .init()
    ) throws -> StorageSimulator {
        let storage = try StorageSimulator(rules: rules, configuration: configuration)
        storage.setTime(Timestamp(seconds: 1_767_225_600))
        return storage
    }
}

/// A thread-safe list of things that happened, for observers.
final class EventLog<Event: Sendable>: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var storage: [Event] = []

    func append(_ event: Event) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(event)
    }

    var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Runs `body` and returns the error it throws, failing the test if it does not.
func storageError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> StorageError? {
    do {
        try await body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as StorageError {
        return error
    } catch {
        Issue.record("expected a StorageError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Metadata for an upload or a change with the given fields (the SDK's
/// way: `StorageMetadata()`, then set the properties).
func makeMetadata(
    contentType: String? = nil, cacheControl: String? = nil, contentDisposition: String? = nil,
    contentEncoding: String? = nil, contentLanguage: String? = nil, customMetadata: [String: String]? = nil
) -> StorageMetadata {
    let metadata = StorageMetadata()
    metadata.contentType = contentType
    metadata.cacheControl = cacheControl
    metadata.contentDisposition = contentDisposition
    metadata.contentEncoding = contentEncoding
    metadata.contentLanguage = contentLanguage
    metadata.customMetadata = customMetadata
    return metadata
}

/// The storage error code of an error delivered as `Error?`.
func storageCode(_ error: (any Error)?) -> StorageErrorCode? {
    (error as? StorageError)?.code
}
