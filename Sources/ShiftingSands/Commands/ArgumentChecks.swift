import ArgumentParser
import Foundation

/// Checks on what the user typed that ArgumentParser does not make: comma lists and output
/// files, each failing with one line that names the option and the problem, before any work.
enum ArgumentChecks {
    /// The entries of a comma-separated option, refusing an empty list or an empty entry.
    static func list(_ text: String, option: String) throws -> [String] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("\(option) is empty") }
        guard !entries.contains(where: \.isEmpty) else { throw ValidationError("\(option) '\(text)' has an empty entry") }
        return entries
    }

    /// The numbers of a value like `X,Y` or `WxH`; nil for an entry that is not a number, so a
    /// caller's count check refuses `0.5,abc,0.5` rather than reading it as two numbers.
    static func numbers(_ text: String, separator: Character) -> [Float?] {
        text.split(separator: separator, omittingEmptySubsequences: false).map { Float($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A file the run will write at its end: refused now if it is a folder, its folder is
    /// missing, or it cannot be written, so a long run does not end in an error.
    static func outputFile(_ path: String, option: String) throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard !path.isEmpty else { throw ValidationError("\(option) needs a file name") }
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            guard !isFolder.boolValue else { throw ValidationError("\(option) \(path) is a directory") }
            guard files.isWritableFile(atPath: path) else { throw ValidationError("\(option) \(path) cannot be written (permission denied)") }
            return
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(option) \(path): folder \(parent) does not exist")
        }
        guard files.isWritableFile(atPath: parent) else {
            throw ValidationError("\(option) \(path): folder \(parent) cannot be written (permission denied)")
        }
    }
}
