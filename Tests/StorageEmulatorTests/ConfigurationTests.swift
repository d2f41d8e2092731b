import CompressNIO
import Foundation
import NIOCore
import Testing

@testable import StorageEmulator

/// Reading the Firebase project configuration, and the media-response helpers.
@Suite struct ConfigurationTests {
    struct Case: Sendable {
        var name: String
        var firebaseJSON: String?
        var firebaserc: String?
        var overrides: EmulatorSetup.Overrides = .init()
        /// The expected setup with `DIR` standing for the project folder, or the error's message.
        var expected: Result<EmulatorSetup, EmulatorSetupError>
    }

    static let cases: [Case] = [
        Case(
            name: "single rules file, defaults", firebaseJSON: #"{"storage":{"rules":"storage.rules"}}"#,
            firebaserc: #"{"projects":{"default":"my-app"}}"#,
            expected: .success(EmulatorSetup(rules: .shared(path: "DIR/storage.rules"), host: "127.0.0.1", port: 9199, projectID: "my-app"))),
        Case(
            name: "emulator host and port", firebaseJSON: #"{"storage":{"rules":"s.rules"},"emulators":{"storage":{"host":"localhost","port":9300}}}"#,
            firebaserc: nil,
            expected: .success(EmulatorSetup(rules: .shared(path: "DIR/s.rules"), host: "localhost", port: 9300, projectID: nil))),
        Case(
            name: "flags override the files", firebaseJSON: #"{"storage":{"rules":"s.rules"},"emulators":{"storage":{"port":9300}}}"#,
            firebaserc: #"{"projects":{"default":"a"}}"#,
            overrides: .init(rules: "/abs/other.rules", project: "b", host: "127.0.0.2", port: 0),
            expected: .success(EmulatorSetup(rules: .shared(path: "/abs/other.rules"), host: "127.0.0.2", port: 0, projectID: "b"))),
        Case(
            name: "deploy targets map rules to buckets",
            firebaseJSON: #"{"storage":[{"target":"main","rules":"main.rules"},{"target":"media","rules":"media.rules"}]}"#,
            firebaserc: #"{"projects":{"default":"p"},"targets":{"p":{"storage":{"main":["p.appspot.com"],"media":["p-media","p-media-2"]}}}}"#,
            expected: .success(EmulatorSetup(
                rules: .perBucket(["p.appspot.com": "DIR/main.rules", "p-media": "DIR/media.rules", "p-media-2": "DIR/media.rules"]),
                host: "127.0.0.1", port: 9199, projectID: "p"))),
        Case(
            name: "bucket entries", firebaseJSON: #"{"storage":[{"bucket":"b1","rules":"one.rules"}]}"#, firebaserc: nil,
            expected: .success(EmulatorSetup(rules: .perBucket(["b1": "DIR/one.rules"]), host: "127.0.0.1", port: 9199, projectID: nil))),
        Case(
            name: "demo project without storage config gets open rules", firebaseJSON: "{}", firebaserc: #"{"projects":{"default":"demo-test"}}"#,
            expected: .success(EmulatorSetup(rules: .open, host: "127.0.0.1", port: 9199, projectID: "demo-test"))),
        Case(
            name: "demo project from the flag", firebaseJSON: nil, firebaserc: nil, overrides: .init(project: "demo-x"),
            expected: .success(EmulatorSetup(rules: .open, host: "127.0.0.1", port: 9199, projectID: "demo-x"))),
        Case(
            name: "real project without rules", firebaseJSON: "{}", firebaserc: #"{"projects":{"default":"prod"}}"#,
            expected: .failure(EmulatorSetupError(EmulatorSetup.missingRulesMessage))),
        Case(
            name: "no files at all", firebaseJSON: nil, firebaserc: nil,
            expected: .failure(EmulatorSetupError(EmulatorSetup.missingRulesMessage))),
        Case(
            name: "unmapped target", firebaseJSON: #"{"storage":[{"target":"main","rules":"r"}]}"#,
            firebaserc: #"{"projects":{"default":"p"}}"#,
            expected: .failure(EmulatorSetupError("Storage target \"main\" is not applied to any bucket in .firebaserc for project p."))),
        Case(
            name: "port out of range", firebaseJSON: #"{"storage":{"rules":"r"}}"#, firebaserc: nil, overrides: .init(port: 70000),
            expected: .failure(EmulatorSetupError("The port must be 0 to 65535; got 70000."))),
    ]

    @Test(arguments: cases.indices)
    func resolvesTheProjectConfiguration(_ index: Int) throws {
        let entry = Self.cases[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emu-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if let text = entry.firebaseJSON { try text.write(to: directory.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8) }
        if let text = entry.firebaserc { try text.write(to: directory.appendingPathComponent(".firebaserc"), atomically: true, encoding: .utf8) }
        let result = Result { () throws(EmulatorSetupError) -> EmulatorSetup in
            try EmulatorSetup.resolve(directory: directory.path, overrides: entry.overrides)
        }
        switch (result, entry.expected) {
        case (.success(let setup), .success(var expected)):
            switch expected.rules {
            case .shared(let path): expected.rules = .shared(path: path.replacingOccurrences(of: "DIR", with: directory.path))
            case .perBucket(let files): expected.rules = .perBucket(files.mapValues { $0.replacingOccurrences(of: "DIR", with: directory.path) })
            case .open: break
            }
            #expect(setup == expected, "\(entry.name)")
        case (.failure(let error), .failure(let expected)):
            #expect(error.message == expected.message, "\(entry.name)")
        default:
            Issue.record("\(entry.name): got \(result)")
        }
    }

    @Test func invalidJSONNamesTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emu-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{ nope".write(to: directory.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
        #expect(throws: EmulatorSetupError.self) { try EmulatorSetup.resolve(directory: directory.path, overrides: .init()) }
    }

    @Test func brokenRulesFailStartupWithFileLineColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).rules")
        try "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {{\n}\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try RulesManager.load(.shared(path: file.path), log: EmulatorLog { _ in })
            Issue.record("loaded broken rules")
        } catch {
            #expect(error.message.contains(file.path + ":3:"), "\(error.message)")
        }
    }

    static let ranges: [(header: String, size: Int, expected: Range<Int>??)] = [
        ("bytes=0-4", 10, .some(0..<5)),
        ("bytes=5-", 10, .some(5..<10)),
        ("bytes=-3", 10, .some(7..<10)),
        ("bytes=8-100", 10, .some(8..<10)),
        ("bytes=10-12", 10, .some(nil)),
        ("bytes=5-2", 10, nil),
        ("bytes=0-1,3-4", 10, nil),
        ("items=0-1", 10, nil),
    ]

    @Test(arguments: ranges.indices)
    func parsesSingleByteRanges(_ index: Int) {
        let entry = Self.ranges[index]
        #expect(MediaResponse.byteRange(entry.header, size: entry.size) == entry.expected, "\(entry.header)")
    }

    @Test func gzipObjectsAreTranscodedUnlessTheClientAcceptsGzip() throws {
        var plain = ByteBuffer(string: "hello gzip world")
        let compressed = Array(try plain.compress(with: .gzip()).readableBytesView)
        let object = StoredObjectFixture.make(contentEncoding: "gzip", contentType: "text/plain", size: compressed.count)
        let transcoded = MediaResponse.make(object: object, bytes: compressed, range: nil, acceptEncoding: nil, limit: 1024)
        #expect(transcoded.headers[.contentEncoding] == nil)
        #expect(transcoded.headers[.contentLength] == nil)
        #expect(transcoded.headers[.contentType] == "text/plain")
        let raw = MediaResponse.make(object: object, bytes: compressed, range: "bytes=0-1", acceptEncoding: "gzip, deflate", limit: 1024)
        #expect(raw.headers[.contentEncoding] == "gzip")
        #expect(raw.status.code == 206)
    }
}
