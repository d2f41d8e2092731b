/// Content types inferred from file extensions, as the SDK does for `putFile`.
public enum ContentTypes {
    /// The MIME type for a file extension (case-insensitive, without the
    /// dot), or `nil` when unknown.
    public static func type(forExtension pathExtension: String) -> String? {
        table[pathExtension.lowercased()]
    }

    /// The MIME type for a file or object name's extension, or `nil`.
    public static func type(forName name: String) -> String? {
        var name = name
        // The dot is found among the bytes: no extension in the table holds a
        // non-ASCII character, so a dot that begins a larger character (one
        // followed by a combining mark) names no type either way.
        return name.withUTF8 { bytes in
            guard let segment = ObjectPath.lastNonEmptySegmentBounds(bytes) else { return nil }
            var dot = segment.upperBound
            repeat { dot &-= 1 } while dot > segment.lowerBound && bytes[dot] != UInt8(ascii: ".")
            guard dot > segment.lowerBound else { return nil }
            return type(forExtensionBytes: UnsafeBufferPointer(rebasing: bytes[(dot &+ 1)..<segment.upperBound]))
        }
    }

    /// ``type(forExtension:)`` for an extension's UTF-8 bytes: an ASCII one
    /// is lowercased byte by byte into a short string, where `lowercased()`
    /// goes through Unicode's case mappings (which the rest still take).
    private static func type(forExtensionBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return type(forExtension: String(decoding: bytes, as: UTF8.self)) }
        let lowered = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return String(decoding: buffer, as: UTF8.self)
        }
        return table[lowered]
    }

    private static let table: [String: String] = [
        "aac": "audio/aac", "avi": "video/x-msvideo", "avif": "image/avif", "bin": "application/octet-stream",
        "bmp": "image/bmp", "css": "text/css", "csv": "text/csv", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "epub": "application/epub+zip", "flac": "audio/flac", "gif": "image/gif", "gz": "application/gzip",
        "heic": "image/heic", "heif": "image/heif", "htm": "text/html", "html": "text/html", "ico": "image/x-icon",
        "ics": "text/calendar", "jpeg": "image/jpeg", "jpg": "image/jpeg", "js": "text/javascript",
        "json": "application/json", "m4a": "audio/mp4", "m4v": "video/x-m4v", "md": "text/markdown",
        "mid": "audio/midi", "midi": "audio/midi", "mjs": "text/javascript", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "mp4": "video/mp4", "mpeg": "video/mpeg", "oga": "audio/ogg", "ogg": "audio/ogg",
        "ogv": "video/ogg", "opus": "audio/opus", "otf": "font/otf", "pdf": "application/pdf", "png": "image/png",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "rar": "application/vnd.rar", "rtf": "application/rtf", "svg": "image/svg+xml", "tar": "application/x-tar",
        "tif": "image/tiff", "tiff": "image/tiff", "ttf": "font/ttf", "txt": "text/plain", "wav": "audio/wav",
        "weba": "audio/webm", "webm": "video/webm", "webp": "image/webp", "woff": "font/woff", "woff2": "font/woff2",
        "xhtml": "application/xhtml+xml", "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xml": "application/xml",
        "yaml": "application/yaml", "yml": "application/yaml", "zip": "application/zip", "7z": "application/x-7z-compressed",
    ]
}
