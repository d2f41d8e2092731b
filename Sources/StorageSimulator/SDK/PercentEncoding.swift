/// The percent-encodings the service and SDKs use (the emulator decodes
/// request paths and queries with the same rules).
public enum PercentEncoding {
    /// JavaScript's `encodeURIComponent`: every byte except
    /// `A-Z a-z 0-9 - _ . ! ~ * ' ( )` becomes `%XX` (so `/` is `%2F`).
    static func component(_ text: String) -> String {
        encode(text, keeping: componentBytes)
    }

    private static let componentBytes = ASCIISet(alphanumericAnd: "-_.!~*'()")

    /// RFC 5987 `attr-char`s, which `value-chars` keep; the rest are `%XX`.
    private static let attributeBytes = ASCIISet(alphanumericAnd: "!#$&+-.^_`|~")

    /// The disposition the service gives an object uploaded without one:
    /// `inline; filename*=utf-8''` and the name's last segment (after its
    /// last `/`) in RFC 5987 `value-chars`, written in one pass over the
    /// name's bytes (every upload of a suite makes one).
    static func inlineDisposition(forName name: String) -> String {
        var name = name
        return name.withUTF8 { bytes in
            let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            return inlineDispositionPrefix.withUnsafeBufferPointer { prefix in
                encode(UnsafeBufferPointer(rebasing: bytes[start...]), keeping: attributeBytes, after: prefix)
            }
        }
    }

    private static let inlineDispositionPrefix = Array("inline; filename*=utf-8''".utf8)

    /// Decodes `%XX` sequences; `nil` if one is malformed or the result is
    /// not UTF-8. `+` stays `+` (form decoding is the caller's choice).
    public static func decode<Text: StringProtocol>(_ text: Text) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` with every byte outside `keep` written as `%XX`; `text`
    /// itself when every byte is kept (most names are plain).
    private static func encode(_ text: String, keeping keep: ASCIISet) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { !keep.contains($0) }) else { return nil }
            return encode(bytes, keeping: keep, after: UnsafeBufferPointer(start: nil, count: 0))
        } ?? text
    }

    /// `prefix`, then `bytes` with every byte outside `keep` written as `%XX`.
    private static func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, keeping keep: ASCIISet, after prefix: UnsafeBufferPointer<UInt8>
    ) -> String {
        let escaped = bytes.reduce(0) { $0 + (keep.contains($1) ? 0 : 1) }
        return String(unsafeUninitializedCapacity: prefix.count + bytes.count + 2 * escaped) { output in
            var count = prefix.count
            _ = output.initialize(from: prefix)
            for byte in bytes {
                if keep.contains(byte) {
                    output[count] = byte
                    count += 1
                } else {
                    output[count] = UInt8(ascii: "%")
                    output[count + 1] = hexDigit(byte >> 4)
                    output[count + 2] = hexDigit(byte & 0x0F)
                    count += 3
                }
            }
            return count
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// A set of ASCII bytes, as two 64-bit masks: a membership test is a shift.
private struct ASCIISet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// `A-Z`, `a-z`, `0-9` and the ASCII characters of `others`.
    init(alphanumericAnd others: String) {
        let alphanumerics = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { $0 } + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { $0 }
            + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { $0 }
        for byte in alphanumerics + Array(others.utf8) where byte < 128 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> byte & 1 == 1 : byte < 128 && high >> (byte - 64) & 1 == 1
    }
}
