import Foundation
import NIOCore

/// The bytes of an upload in progress: in memory while small, spooled to a
/// temporary file past a threshold, so a large upload is never held whole
/// in memory while it arrives.
final class UploadStaging: @unchecked Sendable {
    private let lock = NSLock()
    private let spoolThreshold: Int
    private var memory: [UInt8] = []
    private var file: (url: URL, handle: FileHandle)?
    private var storedCount = 0

    init(spoolThreshold: Int) {
        self.spoolThreshold = spoolThreshold
    }

    /// The number of bytes received.
    var count: Int { lock.withLock { storedCount } }

    /// Whether the bytes have moved to a temporary file.
    var isSpooled: Bool { lock.withLock { file != nil } }

    /// The temporary file, once the bytes have moved to one.
    var spoolFile: URL? { lock.withLock { file?.url } }

    /// Appends a chunk; throws if the temporary file cannot be written.
    func append(_ buffer: ByteBuffer) throws {
        try lock.withLock {
            try buffer.withUnsafeReadableBytes { bytes in
                if let file {
                    try file.handle.write(contentsOf: bytes)
                } else if memory.count + bytes.count > spoolThreshold {
                    let url = FileManager.default.temporaryDirectory
                        .appendingPathComponent("storage-rules-upload-\(UUID().uuidString)")
                    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                        throw CocoaError(.fileWriteUnknown)
                    }
                    let handle = try FileHandle(forUpdating: url)
                    try handle.write(contentsOf: memory)
                    try handle.write(contentsOf: bytes)
                    memory = []
                    file = (url, handle)
                } else {
                    memory.append(contentsOf: bytes)
                }
            }
            storedCount += buffer.readableBytes
        }
    }

    /// Every byte received, read back for the commit.
    func contents() throws -> [UInt8] {
        try lock.withLock {
            guard let file else { return memory }
            try file.handle.seek(toOffset: 0)
            return Array(try file.handle.readToEnd() ?? Data())
        }
    }

    /// Frees the memory and removes the temporary file.
    func discard() {
        lock.withLock {
            memory = []
            if let file {
                try? file.handle.close()
                try? FileManager.default.removeItem(at: file.url)
            }
            file = nil
        }
    }

    deinit {
        if let file {
            try? file.handle.close()
            try? FileManager.default.removeItem(at: file.url)
        }
    }
}
