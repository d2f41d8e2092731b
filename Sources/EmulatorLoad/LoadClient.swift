import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One simulated client: a deterministic mix of operations on its own
/// folder, each answer checked against its model of the folder.
struct LoadClient {
    let session: URLSession
    let baseURL: String
    let bucket: String
    let uid: String
    var random: UInt64
    var model: [String: [UInt8]?] = [:]
    var errors: [String] = []
    var latencies: [Double] = []

    init(session: URLSession, baseURL: String, bucket: String, uid: String, seed: UInt64) {
        self.session = session
        self.baseURL = baseURL
        self.bucket = bucket
        self.uid = uid
        self.random = seed &* 0x9E37_79B9_7F4A_7C15
    }

    var authorization: String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return "Firebase " + encode(#"{"alg":"none","typ":"JWT"}"#) + "." + encode(#"{"user_id":"\#(uid)"}"#) + "."
    }

    func objectPath(_ name: String) -> String { "/v0/b/\(bucket)/o/load%2F\(uid)%2F\(name)" }

    mutating func next(_ bound: Int) -> Int {
        random = random &+ 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func run(requests: Int) async -> ClientResult {
        for _ in 0..<requests {
            let name = "o\(next(6))"
            switch next(10) {
            case 0, 1, 2: await upload(name)
            case 3, 4: await metadata(name)
            case 5, 6: await download(name)
            case 7: await list()
            case 8: await deniedWrite()
            default: await delete(name)
            }
        }
        return ClientResult(uid: uid, model: model, errors: errors, latencies: latencies)
    }

    mutating func upload(_ name: String) async {
        let size = next(4096)
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: next(256)) }
        let response = await timed("POST", "/v0/b/\(bucket)/o?name=load%2F\(uid)%2F\(name)", body: bytes)
        if response.status == 200 { model[name] = .some(bytes) } else { fail("upload \(name)", response) }
    }

    mutating func metadata(_ name: String) async {
        let response = await timed("GET", objectPath(name))
        let expected = model[name].flatMap { $0 }
        if let expected {
            let size = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["size"] as? String
            if response.status != 200 || size != String(expected.count) { fail("metadata \(name)", response) }
        } else if response.status != 404 {
            fail("metadata of missing \(name)", response)
        }
    }

    mutating func download(_ name: String) async {
        let response = await timed("GET", objectPath(name) + "?alt=media")
        if let expected = model[name].flatMap({ $0 }) {
            if response.status != 200 || response.body != expected { fail("download \(name)", response) }
        } else if response.status != 404 {
            fail("download of missing \(name)", response)
        }
    }

    mutating func list() async {
        let response = await timed("GET", "/v0/b/\(bucket)/o?prefix=load%2F\(uid)%2F&delimiter=%2F")
        let items = ((try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["items"] as? [[String: String]])?
            .compactMap { $0["name"] } ?? []
        let expected = model.filter { $0.value != nil }.keys.map { "load/\(uid)/\($0)" }.sorted()
        if response.status != 200 || items != expected { fail("list", response) }
    }

    mutating func deniedWrite() async {
        let response = await timed("POST", "/v0/b/\(bucket)/o?name=denied%2F\(uid)", body: [1, 2, 3])
        let denial = #"{"error":{"code":403,"message":"Permission denied. No WRITE permission."}}"#
        if response.status != 403 || String(decoding: response.body, as: UTF8.self) != denial { fail("denied write", response) }
    }

    mutating func delete(_ name: String) async {
        let response = await timed("DELETE", objectPath(name))
        if model[name].flatMap({ $0 }) != nil {
            if response.status == 204 { model[name] = .some(nil) } else { fail("delete \(name)", response) }
        } else if response.status != 404 {
            fail("delete of missing \(name)", response)
        }
    }

    mutating func fail(_ what: String, _ response: (status: Int, body: [UInt8])) {
        errors.append("\(uid) \(what): status \(response.status) \(String(decoding: response.body.prefix(200), as: UTF8.self))")
    }

    mutating func timed(_ method: String, _ path: String, body: [UInt8]? = nil) async -> (status: Int, body: [UInt8]) {
        let clock = ContinuousClock()
        let start = clock.now
        let response = await send(method, path, body: body)
        let elapsed = clock.now - start
        latencies.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        return response
    }

    func send(_ method: String, _ path: String, body: [UInt8]? = nil) async -> (status: Int, body: [UInt8]) {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body)
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        }
        do {
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
        } catch {
            return (0, Array("\(error)".utf8))
        }
    }
}
