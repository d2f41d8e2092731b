import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends raw bytes over a TCP connection to 127.0.0.1 and reads the answer
/// until the server closes or `timeout` passes: for requests no HTTP client
/// library would send (bad encodings, wrong lengths).
enum RawHTTP {
    /// Runs the blocking exchange on a dispatch thread, never on the
    /// cooperative pool the server's handlers need.
    static func exchange(port: Int, _ request: [UInt8], halfClose: Bool = true, timeout: Double = 30) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: blockingExchange(port: port, request, halfClose: halfClose, timeout: timeout))
            }
        }
    }

    private static func blockingExchange(port: Int, _ request: [UInt8], halfClose: Bool, timeout: Double) -> String {
        guard let connection = Connection(port: port, timeout: timeout) else { return "" }
        connection.write(request)
        if halfClose { shutdown(connection.fd, Int32(SHUT_WR)) }
        return connection.blockingReadAll()
    }

    /// A TCP socket connected to 127.0.0.1:`port`, or `nil` (nothing is left open).
    private static func connectedSocket(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// An open connection, for requests sent in several steps.
    final class Connection: @unchecked Sendable {
        let fd: Int32

        /// Connects; reads give up after `timeout` seconds without data.
        init?(port: Int, timeout: Double = 30) {
            guard let fd = RawHTTP.connectedSocket(port: port) else { return nil }
            self.fd = fd
            var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }

        func write(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Reads until the server closes or the timeout passes, off the cooperative pool.
        func readAll() async -> String {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: self.blockingReadAll()) }
            }
        }

        /// Reads until the server closes or the timeout passes.
        func blockingReadAll() -> String {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }

        deinit { close(fd) }
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted; the socket
    /// is closed exactly once (a probe must never close a descriptor number
    /// the in-process server has reused meanwhile).
    static func acceptsConnections(port: Int) -> Bool {
        guard let fd = connectedSocket(port: port) else { return false }
        close(fd)
        return true
    }

    static func request(_ head: String, body: String = "") -> [UInt8] {
        Array((head.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n" + body).utf8)
    }
}
