import Foundation
import RulesEngine

/// An object's entity tag as a record keeps it.
///
/// Cloud Storage's etag is base64 of the generation and the metageneration
/// as protocol-buffer varint fields 1 and 2, so it changes with both
/// (`CLzws8n3u/kCEAE=` is generation 1660122857011260, metageneration 1).
/// A record keeps the two numbers and writes the text when it is read: for
/// a generation of microseconds since the epoch the text is 16 characters,
/// one past what a Swift string holds without an allocation of its own,
/// and every insert made one (a tenth of an insert's instructions, and 64
/// of the bytes it takes).
///
/// Any other text, such as one imported with a record, is kept as given.
/// The representation is canonical: text that is exactly the etag of some
/// pair is always kept as that pair, so two tags are equal exactly when
/// their texts are.
enum EntityTag: Hashable, Sendable {
    /// The etag of these versions, as the service makes it.
    case versions(generation: Int64, metageneration: Int64)
    /// Any other text, as given.
    case text(String)

    /// The tag whose text is `text`.
    init(_ text: String) {
        if let (generation, metageneration) = Self.versions(of: text) {
            self = .versions(generation: generation, metageneration: metageneration)
        } else {
            self = .text(text)
        }
    }

    /// The tag's text.
    var text: String {
        switch self {
        case .versions(let generation, let metageneration):
            Self.text(generation: generation, metageneration: metageneration)
        case .text(let text):
            text
        }
    }

    /// The service's etag of `generation` and `metageneration`.
    static func text(generation: Int64, metageneration: Int64) -> String {
        // At most 22 bytes (two tags and two ten-byte varints), written on the stack.
        var message: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &message) { message in
            message[0] = 0x08
            var count = appendVarint(UInt64(bitPattern: generation), to: message, at: 1)
            message[count] = 0x10
            count = appendVarint(UInt64(bitPattern: metageneration), to: message, at: count &+ 1)
            return Hashing.base64(UnsafeRawBufferPointer(rebasing: message[..<count]))
        }
    }

    /// The versions whose etag is exactly `text`, or `nil`.
    private static func versions(of text: String) -> (Int64, Int64)? {
        // 8 characters for the shortest message (4 bytes), 32 for the longest (22).
        guard (8...32).contains(text.utf8.count), let message = Data(base64Encoded: text) else { return nil }
        var bytes = message.makeIterator()
        guard bytes.next() == 0x08, let generation = readVarint(&bytes), bytes.next() == 0x10,
            let metageneration = readVarint(&bytes), bytes.next() == nil
        else { return nil }
        let versions = (Int64(bitPattern: generation), Int64(bitPattern: metageneration))
        // Overlong varints, other padding or bits past 64 decode too: only
        // the service's own text for the pair is the pair.
        return Self.text(generation: versions.0, metageneration: versions.1) == text ? versions : nil
    }

    /// Writes `value` as a varint at `offset`, returning the offset after it.
    private static func appendVarint(_ value: UInt64, to message: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var rest = value
        var position = offset
        while rest >= 0x80 {
            message[position] = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            position &+= 1
        }
        message[position] = UInt8(rest)
        return position &+ 1
    }

    /// Reads one varint of at most ten bytes.
    private static func readVarint(_ bytes: inout Data.Iterator) -> UInt64? {
        var value: UInt64 = 0
        for index in 0..<10 {
            guard let byte = bytes.next() else { return nil }
            value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
            if byte < 0x80 { return value }
        }
        return nil
    }
}
