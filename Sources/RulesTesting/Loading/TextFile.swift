import Foundation

/// Reads UTF-8 text files (rules and suites) and, when that fails, says why
/// in words a person can act on: missing, a directory, or not UTF-8 (with
/// the line and column of the first bad byte).
public enum TextFile {
    /// Why a file could not be read as text.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The file as given.
        public var path: String
        /// What is wrong, to follow "the file" (`"does not exist"`, `"is a directory, not a file"`, ...).
        public var reason: String
        /// 1-based line of the first byte that is not UTF-8, for files that are not text.
        public var line: Int?
        /// 1-based column (in Unicode scalars, as rules diagnostics count) of that byte.
        public var column: Int?

        /// The reason of a file that does not exist.
        static let missing = "does not exist"

        /// The reason worded to follow a file's name in a suite error: `not found` for a missing file.
        var reasonAfterName: String { reason == Self.missing ? "not found" : reason }

        /// `path:line:column: the file <reason>`, or `path: the file <reason>` without a position.
        public var description: String {
            guard let line, let column else { return "\(path): the file \(reason)" }
            return "\(path):\(line):\(column): the file \(reason)"
        }
    }

    /// The most bytes a rules or suite file may have.
    public static let maximumTextBytes = 64 * 1024 * 1024

    /// The file's text, or why it cannot be read.
    public static func read(_ path: String) -> Result<String, ReadError> {
        readBytes(path, limit: maximumTextBytes).flatMap { text($0, path: path) }
    }

    /// The text of an open handle such as standard input; `name` stands
    /// for the path in messages.
    public static func read(_ handle: FileHandle, name: String) -> Result<String, ReadError> {
        readBytes(handle, path: name, limit: maximumTextBytes).flatMap { text($0, path: name) }
    }

    /// The bytes as text, or where they stop being UTF-8.
    static func text(_ bytes: [UInt8], path: String) -> Result<String, ReadError> {
        // The usual file is valid: one validating pass makes its text, and
        // the first bad byte is looked for only in a file that has one.
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        if let offset = firstInvalidUTF8(bytes) {
            let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let line = bytes[..<offset].count { $0 == 0x0A } + 1
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
            return .failure(ReadError(
                path: path, reason: "is not UTF-8 text (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))",
                line: line, column: column))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The file's bytes, at most `limit` of them: a device such as
    /// `/dev/zero` or a runaway pipe is an error, not an endless read.
    public static func readBytes(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadError(path: path, reason: ReadError.missing))
        }
        if isDirectory.boolValue {
            return .failure(ReadError(path: path, reason: "is a directory, not a file"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ReadError(path: path, reason: "cannot be read (check its permissions)"))
        }
        defer { try? handle.close() }
        return readBytes(handle, path: path, limit: limit)
    }

    private static func readBytes(_ handle: FileHandle, path: String, limit: Int) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
                if bytes.count > limit {
                    return .failure(ReadError(path: path, reason: "is larger than \(limit / (1024 * 1024)) MiB"))
                }
            }
        } catch {
            return .failure(ReadError(path: path, reason: "cannot be read (\(error.localizedDescription))"))
        }
        return .success(bytes)
    }

    /// The offset of the first byte that does not belong to well-formed
    /// UTF-8 (RFC 3629: no overlong forms, surrogates or values past U+10FFFF).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
            index += length
        }
        return nil
    }
}
