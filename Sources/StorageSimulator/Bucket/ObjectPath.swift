#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Object-name rules and the SDK's path normalization.
public enum ObjectPath {
    /// The most bytes of UTF-8 an object name may have.
    public static let maximumBytes = 1024

    /// Checks the service's rules for an object name: 1 to 1024 bytes of
    /// UTF-8, no carriage return or line feed. Names are otherwise kept exactly
    /// (`a//b`, `a/` and a leading `/` are all valid and distinct).
    public static func validate(_ name: String, bucket: String? = nil) throws(StorageError) {
        let length = name.utf8.count
        if length == 0 {
            throw .invalidArgument("Object names must be 1 to 1024 bytes of UTF-8; the name is empty.", bucket: bucket, path: name)
        }
        if length > maximumBytes {
            throw .invalidArgument(
                "Object names must be 1 to 1024 bytes of UTF-8; this one has \(length) bytes.", bucket: bucket, path: name)
        }
        if containsLineBreak(name) {
            throw .invalidArgument(
                "Object names must not contain a carriage return or line feed.", bucket: bucket, path: name)
        }
    }

    /// Whether the name holds a carriage return or a line feed, read eight
    /// bytes at a time and testing each word for both bytes at once: about
    /// 100 instructions for a 22-byte name, at every write, where two
    /// `memchr` scans of a copy of the string took about 130 and a byte
    /// loop about 220.
    private static func containsLineBreak(_ name: String) -> Bool {
        UTF8Order.withBytes(of: name) { bytes in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let count = bytes.count
            guard count >= 8 else {
                for byte in bytes where byte == 0x0A || byte == 0x0D { return true }
                return false
            }
            var offset = 0
            while offset &+ 8 < count {
                if wordHoldsLineBreak(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset &+= 8
            }
            // The last eight bytes, overlapping the word before when the count is not a multiple of eight.
            return wordHoldsLineBreak(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
    }

    /// Whether one of the eight bytes of `word` is 0x0A or 0x0D: a byte is
    /// zero after the XOR exactly when it was that byte, and
    /// `(v - 0x01…) & ~v & 0x80…` is non-zero exactly when some byte of `v`
    /// is zero.
    @inline(__always)
    private static func wordHoldsLineBreak(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lineFeeds = word ^ (ones &* 0x0A)
        let carriageReturns = word ^ (ones &* 0x0D)
        let zeros = ((lineFeeds &- ones) & ~lineFeeds) | ((carriageReturns &- ones) & ~carriageReturns)
        return zeros & highs != 0
    }

    /// The SDK's normalization of a reference path: empty segments dropped,
    /// so leading, trailing and repeated slashes disappear (`/a//b/` → `a/b`).
    public static func normalized(_ path: String) -> String {
        segments(path).joined(separator: "/")
    }

    /// The non-empty segments of a path, split at each `/` byte as the SDKs
    /// split it. Splitting `String` itself would compare characters, and a
    /// `/` followed by a combining mark is one character that is not `/`.
    static func segments(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The last non-empty segment of a path (`b` for `a/b//`), `nil` when
    /// there is none: the last of ``segments(_:)``, found from the end. A
    /// reference's or a metadata's `name`. Made from the bytes directly:
    /// stepping the UTF-8 view's indices to the offsets cost several times
    /// as much, at every reference and metadata made.
    static func lastNonEmptySegmentName(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes in
            lastNonEmptySegmentBounds(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// Where the last non-empty segment of the UTF-8 path `bytes` lies
    /// (its `/`s are single bytes, so the bounds fall between characters'
    /// scalars), `nil` when every segment is empty.
    static func lastNonEmptySegmentBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end &- 1] == slash { end &-= 1 }
        guard end > 0 else { return nil }
        var start = end
        while start > 0, bytes[start &- 1] != slash { start &-= 1 }
        return start..<end
    }

    /// The last segment of a name, empty segments included (`""` for `a/`).
    static func lastSegment(_ name: String) -> Substring {
        guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(name) }
        return Substring(name.utf8[name.utf8.index(after: slash)...])
    }

    /// Whether `normalized("/" + path)` is `path` itself: it starts with an
    /// ASCII byte other than `/` (so the joining slash cannot combine with
    /// it into one character), has no `//` and does not end with `/`.
    static func isNormalizedRelative(_ path: String) -> Bool {
        var path = path
        // On the bytes themselves: stepping the view's indices cost several
        // times as much, at every child reference made.
        return path.withUTF8 { bytes in
            guard let first = bytes.first, first < 0x80 else { return false }
            return hasOnlyNonEmptySegments(bytes[...])
        }
    }

    /// Whether `bytes` are one or more non-empty segments joined by single
    /// `/`s: not empty, no `/` first or last, no `//`.
    private static func hasOnlyNonEmptySegments(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = bytes.first, let last = bytes.last, first != slash, last != slash else { return false }
        var afterSlash = false
        for byte in bytes {
            if byte == slash {
                if afterSlash { return false }
                afterSlash = true
            } else {
                afterSlash = false
            }
        }
        return true
    }

    /// Whether the v0 list API shows this item name: after dropping one
    /// leading `/`, it is non-empty and has no empty segment (so no `//`
    /// anywhere and no trailing `/`).
    static func isListableItem(_ name: String) -> Bool {
        isListable(name, droppingTrailingSlash: false)
    }

    /// Whether the v0 list API shows this prefix: the item test after
    /// removing at most one trailing `/`.
    static func isListablePrefix(_ prefix: String) -> Bool {
        isListable(prefix, droppingTrailingSlash: true)
    }

    /// The item test on the name's bytes, after at most one trailing `/`
    /// when `droppingTrailingSlash`. The API sees bytes: dropping the last
    /// `Character` instead broke graphemes for every prefix of every page.
    private static func isListable(_ name: String, droppingTrailingSlash: Bool) -> Bool {
        let slash = UInt8(ascii: "/")
        var name = name
        return name.withUTF8 { bytes in
            var end = bytes.count
            if droppingTrailingSlash, end > 0, bytes[end &- 1] == slash { end &-= 1 }
            let start = end > 0 && bytes[0] == slash ? 1 : 0
            // After the one leading `/` dropped, a second is an empty segment.
            return start < end && hasOnlyNonEmptySegments(bytes[start..<end])
        }
    }

    /// ``normalized(_:)`` for a name the list API shows (items and
    /// prefixes): such a name has no empty segment once one leading and one
    /// trailing `/` are dropped, so dropping those is the whole normalization.
    static func normalizedListed(_ name: String) -> String {
        let slash = UInt8(ascii: "/")
        let leading = name.utf8.first == slash
        let trailing = name.utf8.count > 1 && name.utf8.last == slash
        guard leading || trailing else { return name }
        var view = Substring(name).utf8[...]
        if leading { view = view.dropFirst() }
        if trailing { view = view.dropLast() }
        return String(Substring(view))
    }
}
