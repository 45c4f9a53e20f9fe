import Foundation

package enum FuzzFiles {
    /// Writes without the `fsync` that `Data.write(to:)` does: the fuzz loops write the current input
    /// before every run (so a crash leaves it behind), and a sync per iteration would dominate the run.
    /// Returns false when the file cannot be written.
    @discardableResult
    package static func write(_ data: Data, to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        let written = data.withUnsafeBytes { buffer in
            buffer.isEmpty ? 0 : fwrite(buffer.baseAddress, 1, buffer.count, file)
        }
        return fclose(file) == 0 && written == data.count
    }
}
