import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The Storage emulator's HTTP server: Hummingbird over SwiftNIO, serving
/// every route group of ``EmulatorRoutes`` on one ``EmulatorState``.
public struct EmulatorServer: Sendable {
    /// The state every request works on.
    public let state: EmulatorState

    /// Creates a server over `state`.
    public init(state: EmulatorState) {
        self.state = state
    }

    /// The services to run: the HTTP application (which calls `onReady`
    /// with the bound host and port once it accepts connections), the rules
    /// watcher and the upload-session sweeper.
    public func services(onReady: @escaping @Sendable (String, Int) -> Void) -> [any Service] {
        let configuration = state.configuration
        var logger = Logger(label: "storage-rules-serve")
        logger.logLevel = .critical
        let connections = MaximumAvailableConnections(configuration.maximumConnections)
        let http = HTTP1Channel.Configuration(
            idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 64 * 1024, maxHeaderFieldCount: 200))
        let application = Application(
            router: EmulatorRoutes.makeRouter(state: state),
            server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "storage-rules", availableConnectionsDelegate: connections),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                onReady(configuration.host, port)
            },
            logger: logger)
        return [application, BackgroundTask { await state.rules.watch() }, BackgroundTask { await state.uploads.sweep() }]
    }

    /// Runs until SIGINT or SIGTERM, then stops accepting connections and
    /// lets the requests in flight finish.
    public func run(onReady: @escaping @Sendable (String, Int) -> Void) async throws {
        var logger = Logger(label: "storage-rules-serve")
        logger.logLevel = .critical
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services(onReady: onReady).map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        // Every request has finished once the group returns: only now drop the sessions' staged bytes.
        defer { state.uploads.removeAll() }
        try await group.run()
    }
}

/// A loop that runs beside the server until graceful shutdown.
struct BackgroundTask: Service {
    let body: @Sendable () async -> Void

    init(_ body: @escaping @Sendable () async -> Void) { self.body = body }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await body()
        }
    }
}
