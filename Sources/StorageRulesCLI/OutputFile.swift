#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes reports to files and to standard output, checking every step
/// (open, each write, close), so a full disk, a directory or a missing
/// folder is an error naming the destination and the reason, never a lost
/// report with exit status 0.
enum OutputFile {
    /// Writes `text` to the file at `path`, creating or truncating it.
    static func write(_ text: String, toFile path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        do {
            try write(text, to: descriptor, name: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure(path) }
    }

    /// The descriptor standard output is written to; tests bind another
    /// (a full device) without touching the process's real standard output.
    @TaskLocal static var standardOutput: Int32 = STDOUT_FILENO

    /// Writes `text` to standard output.
    static func writeStandardOutput(_ text: String) throws(CLIError) {
        try write(text, to: standardOutput, name: "standard output")
    }

    /// Writes all of `text` to an open descriptor; `name` is what errors call it.
    static func write(_ text: String, to descriptor: Int32, name: String) throws(CLIError) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(name)
            }
            written += count
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `cannot write PATH: REASON` with the reason from `errno`.
    private static func failure(_ name: String) -> CLIError {
        CLIError("cannot write \(name): \(String(cString: strerror(errno)))")
    }
}
