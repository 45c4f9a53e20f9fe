/// Columns of byte offsets on the line being read, counted in Unicode scalars (every byte that is
/// not a UTF-8 continuation byte starts one). Both readers ask for the column of several places on
/// a line in order, so the count resumes from the last place asked for instead of the line start.
struct ColumnCounter {
    private var offset = 0
    private var column = 1

    /// The column of byte `offset` of `bytes`, on the line that starts at `lineStart`.
    mutating func column(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, lineStart: Int) -> Int {
        if self.offset < lineStart || self.offset > offset {
            self.offset = lineStart
            column = 1
        }
        var index = self.offset
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        self.offset = offset
        return column
    }
}
