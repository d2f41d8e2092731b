import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StorageEmulator

/// One HTTP exchange's result.
struct HTTPResult: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// A header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
}

/// A server on a free loopback port with its rules in a temporary file,
/// and a URLSession client for it.
final class EmulatorFixture: Sendable {
    let server: RunningEmulator
    let rulesFile: URL
    let session: URLSession
    let lines: LogLines

    /// Starts a server whose every bucket uses `rules` (text).
    static func start(rules: String, configuration: EmulatorConfiguration = EmulatorConfiguration()) async throws -> EmulatorFixture {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString).rules")
        try rules.write(to: file, atomically: true, encoding: .utf8)
        let lines = LogLines()
        let log = EmulatorLog { line in lines.append(line) }
        let manager = try RulesManager.load(.shared(path: file.path), log: log)
        var config = configuration
        config.port = 0
        let state = EmulatorState(configuration: config, rules: manager, log: log)
        let server = try await RunningEmulator.start(state)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpMaximumConnectionsPerHost = 64
        sessionConfiguration.timeoutIntervalForRequest = 30
        return EmulatorFixture(server: server, rulesFile: file, session: URLSession(configuration: sessionConfiguration), lines: lines)
    }

    private init(server: RunningEmulator, rulesFile: URL, session: URLSession, lines: LogLines) {
        self.server = server
        self.rulesFile = rulesFile
        self.session = session
        self.lines = lines
    }

    func stop() async {
        await server.shutdown()
        session.finishTasksAndInvalidate()
        try? FileManager.default.removeItem(at: rulesFile)
    }

    /// Sends one request; `path` includes the query.
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> HTTPResult {
        var request = URLRequest(url: URL(string: server.baseURL + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key] = value }
        }
        return HTTPResult(status: http.statusCode, headers: fields, body: data)
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:], text: String) async throws -> HTTPResult {
        try await send(method, path, headers: headers, body: Data(text.utf8))
    }
}

/// Collected log lines.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var all: [String] { lock.withLock { stored } }
}

/// Test tokens and paths.
enum Fixtures {
    static let admin = ["Authorization": "Bearer owner"]

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// An unsigned Auth-emulator-style ID token for `uid`.
    static func token(uid: String, claims: String = "") -> String {
        let extra = claims.isEmpty ? "" : "," + claims
        return base64URL(#"{"alg":"none","type":"JWT"}"#) + "."
            + base64URL(#"{"user_id":"\#(uid)","sub":"\#(uid)","exp":1\#(extra)}"#) + "."
    }

    static func user(_ uid: String) -> [String: String] { ["Authorization": "Firebase " + token(uid: uid)] }

    /// `a/b c` → `a%2Fb%20c`.
    static func encode(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~")))!
    }
}
