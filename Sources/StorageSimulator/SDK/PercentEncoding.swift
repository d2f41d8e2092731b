/// The percent-encodings the service and SDKs use (the emulator decodes
/// request paths and queries with the same rules).
public enum PercentEncoding {
    /// JavaScript's `encodeURIComponent`: every byte except
    /// `A-Z a-z 0-9 - _ . ! ~ * ' ( )` becomes `%XX` (so `/` is `%2F`).
    static func component(_ text: String) -> String {
        encode(text) { byte in
            isAlphanumeric(byte) || "-_.!~*'()".utf8.contains(byte)
        }
    }

    /// RFC 5987 `value-chars` for `filename*=utf-8''...`: attr-chars kept,
    /// everything else `%XX`.
    static func rfc5987(_ text: String) -> String {
        encode(text) { byte in
            isAlphanumeric(byte) || "!#$&+-.^_`|~".utf8.contains(byte)
        }
    }

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

    private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
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
