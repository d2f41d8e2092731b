import Foundation
import Logging
import ServiceLifecycle

/// A server started in-process (tests, benchmarks, embedding): running
/// until ``shutdown()``, which stops accepting connections and lets the
/// requests in flight finish.
public final class RunningEmulator: Sendable {
    /// The state the server works on.
    public let state: EmulatorState
    /// The bound interface.
    public let host: String
    /// The bound port (the one chosen when the configuration said 0).
    public let port: Int
    /// `http://host:port`.
    public var baseURL: String { "http://\(host):\(port)" }

    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(state: EmulatorState, host: String, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.state = state
        self.host = host
        self.port = port
        self.group = group
        self.task = task
    }

    /// Starts a server over `state` and returns once it accepts connections.
    public static func start(_ state: EmulatorState) async throws -> RunningEmulator {
        let (ready, continuation) = AsyncStream<(String, Int)>.makeStream()
        var logger = Logger(label: "storage-rules-serve")
        logger.logLevel = .critical
        let services = EmulatorServer(state: state).services { host, port in
            continuation.yield((host, port))
            continuation.finish()
        }
        let group = ServiceGroup(services: services, logger: logger)
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ready.makeAsyncIterator()
        guard let (host, port) = await iterator.next() else {
            try await task.value
            throw EmulatorStartError()
        }
        return RunningEmulator(state: state, host: host, port: port, group: group, task: task)
    }

    /// Stops the server gracefully and waits until it has stopped.
    public func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        state.uploads.removeAll()
    }
}

/// The server stopped before it accepted connections (e.g. the port is taken).
public struct EmulatorStartError: Error, Sendable, CustomStringConvertible {
    /// A description.
    public var description: String { "The emulator stopped before it was ready." }
}
