import EndpointGenCore
import Foundation

/// Writing generated files: only when the bytes change, atomically (a temporary file in the same
/// directory, then a rename), so a reader never sees half a file and an unchanged file keeps its date.
enum OutputFile {
    enum State { case current, stale, missing }

    static func state(of path: String, comparedWith contents: Data) -> State {
        guard let existing = FileManager.default.contents(atPath: path) else { return .missing }
        return existing == contents ? .current : .stale
    }

    /// Returns whether the file was written. `removeAbandonedTemporaries` is called for the directory
    /// first; files of one directory may be written at once, on several threads.
    @discardableResult
    static func write(_ contents: Data, to path: String) throws -> Bool {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        if state(of: path, comparedWith: contents) == .current { return false }
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

    /// Removes `.<name>.<pid>.tmp` files left by runs that were killed between writing and renaming
    /// (a build cancelled at the wrong moment), so they do not pile up in the output directory. A
    /// temporary of a process that is still running (a concurrent run) is left alone. The directory
    /// is listed once for all the files about to be written (`names`).
    static func removeAbandonedTemporaries(of names: Set<String>, in directory: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            // `.<name>.<pid>.tmp`: the name may hold dots, the pid does not.
            let middle = entry.dropFirst().dropLast(".tmp".count)
            guard let dot = middle.lastIndex(of: "."), names.contains(String(middle[..<dot])) else { continue }
            guard let pid = pid_t(middle[middle.index(after: dot)...]), pid > 0 else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry))
        }
    }

    /// Files `<name>+Part<k>.swift` in `directory` with k above `count`, generated from the spec
    /// `specFileName` (their first line says so): what a spec now written in fewer files left behind.
    static func leftoverParts(of name: String, specFileName: String, keeping count: Int, in directory: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let prefix = name + "+Part"
        let header = Data(("// " + Generator.partHeaderPrefix(specFileName: specFileName)).utf8)
        var result: [(number: Int, path: String)] = []
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".swift") {
            let digits = entry.dropFirst(prefix.count).dropLast(".swift".count)
            guard let number = Int(digits), number > count, String(number) == digits else { continue }
            let path = (directory as NSString).appendingPathComponent(entry)
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let start = (try? handle.read(upToCount: header.count)) ?? Data()
            try? handle.close()
            if start == header { result.append((number, path)) }
        }
        return result.sorted { $0.number < $1.number }.map(\.path)
    }
}
