extension UnsafeBufferPointer<UInt8> {
    /// The `count` bytes from `start` (at most eight, all within the
    /// buffer) as one integer, the first byte lowest and zeros above the
    /// last: how the lexer tells keywords and names apart without
    /// comparing bytes one by one.
    func littleEndianWord(from start: Int, count: Int) -> UInt64 {
        if start + 8 <= self.count {
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(self).loadUnaligned(fromByteOffset: start, as: UInt64.self))
            return count == 8 ? word : word & ((1 &<< UInt64(count * 8)) &- 1)
        }
        var word: UInt64 = 0
        for index in (start..<start + count).reversed() { word = word << 8 | UInt64(self[index]) }
        return word
    }
}
