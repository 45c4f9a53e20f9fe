import Foundation

/// Writing generated files: only when the bytes change, atomically (a temporary file in the same
/// directory, then a rename), so a reader never sees half a file and an unchanged file keeps its date.
enum OutputFile {
    enum State { case current, stale, missing }

    static func state(of path: String, comparedWith contents: Data) -> State {
        guard let existing = FileManager.default.contents(atPath: path) else { return .missing }
        return existing == contents ? .current : .stale
    }

    /// Returns whether the file was written.
    @discardableResult
    static func write(_ contents: Data, to path: String) throws -> Bool {
        if state(of: path, comparedWith: contents) == .current { return false }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try contents.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return true
    }
}
