import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A mixed load against a running emulator: concurrent clients, each with
/// its own folder and identity, sending uploads, metadata reads, downloads,
/// lists, refused writes and deletes, checking every answer against a model
/// of what that client did, then reading every object back byte for byte.
public struct LoadDriver: Sendable {
    /// The rules the load expects: each client owns `load/<uid>/`.
    public static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /load/{client} {
              allow list: if request.auth != null && request.auth.uid == client;
            }
            match /load/{client}/{name} {
              allow read, write: if request.auth != null && request.auth.uid == client;
            }
          }
        }

        """

    /// What one run measured.
    public struct Report: Sendable {
        /// Requests sent, the final read-back included.
        public var requests: Int
        /// Answers that differed from the model (status or bytes), or failed outright.
        public var errors: [String]
        /// Wall-clock seconds of the mixed phase.
        public var seconds: Double
        /// Per-request latencies of the mixed phase, in seconds, sorted.
        public var latencies: [Double]

        /// Requests per second in the mixed phase.
        public var requestsPerSecond: Double { Double(latencies.count) / seconds }
        /// A latency percentile (0...1), in seconds.
        public func percentile(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            return latencies[min(latencies.count - 1, Int(Double(latencies.count - 1) * fraction))]
        }
    }

    /// `http://host:port`.
    public var baseURL: String
    /// The bucket to use.
    public var bucket: String
    /// Concurrent clients.
    public var clients: Int
    /// Requests per client in the mixed phase.
    public var requestsPerClient: Int

    /// Creates a driver.
    public init(baseURL: String, bucket: String = "load-bucket", clients: Int, requestsPerClient: Int) {
        self.baseURL = baseURL
        self.bucket = bucket
        self.clients = clients
        self.requestsPerClient = requestsPerClient
    }

    /// Runs the load and the read-back.
    public func run() async -> Report {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let clock = ContinuousClock()
        let start = clock.now
        let results = await withTaskGroup(of: ClientResult.self) { group in
            for index in 0..<clients {
                group.addTask {
                    var client = LoadClient(
                        session: session, baseURL: baseURL, bucket: bucket, uid: "c\(index)", seed: UInt64(index + 1))
                    return await client.run(requests: requestsPerClient)
                }
            }
            var all: [ClientResult] = []
            for await result in group { all.append(result) }
            return all
        }
        let elapsed = clock.now - start
        var errors = results.flatMap(\.errors)
        var requests = results.reduce(0) { $0 + $1.latencies.count }
        // Read everything back and compare with each client's model.
        for result in results {
            let client = LoadClient(session: session, baseURL: baseURL, bucket: bucket, uid: result.uid, seed: 0)
            for (name, bytes) in result.model.sorted(by: { $0.key < $1.key }) {
                requests += 1
                let response = await client.send("GET", client.objectPath(name) + "?alt=media")
                if let bytes {
                    if response.status != 200 || response.body != bytes {
                        errors.append("read-back \(result.uid)/\(name): status \(response.status), \(response.body.count) bytes")
                    }
                } else if response.status != 404 {
                    errors.append("read-back \(result.uid)/\(name): deleted object answered \(response.status)")
                }
            }
        }
        let latencies = results.flatMap(\.latencies).sorted()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Report(requests: requests, errors: errors, seconds: seconds, latencies: latencies)
    }
}

struct ClientResult: Sendable {
    var uid: String
    var model: [String: [UInt8]?]
    var errors: [String]
    var latencies: [Double]
}
