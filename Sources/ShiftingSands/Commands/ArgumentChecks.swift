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

    /// A file `option` can write an SVG picture to.
    static func svgFile(_ path: String, option: String) throws {
        try outputFile(path, option: option)
        try named(path, option: option, example: "plot")
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "svg" else {
            throw ValidationError("\(option) \(path): the plot is an SVG; name the file .svg")
        }
    }

    /// A file `option` can write a picture to, named as Screenshot writes one (PNG, JPEG, BMP).
    static func pictureFile(_ path: String, option: String) throws {
        try outputFile(path, option: option)
        try named(path, option: option, example: "picture")
        guard Screenshot.Format(path: path) != nil else {
            throw ValidationError("\(option) \(path): a picture is written as \(Screenshot.Format.names); name the file so")
        }
    }

    /// Refuses a file name that is only an extension (".svg": a hidden file without one, likely
    /// a name left out), which the extension checks would answer with "name the file .svg".
    private static func named(_ path: String, option: String, example: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard name.count > 1, name.hasPrefix("."), !name.dropFirst().contains(".") else { return }
        throw ValidationError("\(option) \(path): give the file a name before \(name), as in \(example)\(name)")
    }

    /// A file the run will write at its end: refused now if it is a folder, its folder is
    /// missing, it cannot be opened for writing, or it is one of the kernel's files (/proc,
    /// /sys), so a long run does not end in an error.
    static func outputFile(_ path: String, option: String) throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard !path.isEmpty else { throw ValidationError("\(option) needs a file name") }
        let existed = files.fileExists(atPath: path, isDirectory: &isFolder)
        if existed {
            guard !isFolder.boolValue else { throw ValidationError("\(option) \(path) is a directory") }
        } else {
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            guard files.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("\(option) \(path): folder \(parent) does not exist")
            }
            // A new file in the kernel's folders cannot be made at all; say why, not ENOENT.
            var folder = stat()
            if stat(parent, &folder) == 0, Self.kernelFileSystems.contains(folder.st_dev) { throw kernelFile(path, option: option) }
        }
        // Opened as the run will open it, without changing it: what the permissions, a
        // read-only disk or the kernel say now is what the write would meet.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw ValidationError("\(option) \(path) cannot be written: \(String(cString: strerror(errno)))") }
        var file = stat()
        let kernel = fstat(descriptor, &file) == 0 && Self.kernelFileSystems.contains(file.st_dev)
        close(descriptor)
        if !existed { unlink(path) }
        if kernel { throw kernelFile(path, option: option) }
    }

    private static func kernelFile(_ path: String, option: String) -> ValidationError {
        ValidationError("\(option) \(path) is one of the kernel's files (/proc, /sys), not a file to write results to")
    }

    /// The devices of the kernel's own file systems, whose files take no results.
    static let kernelFileSystems: Set<dev_t> = Set(["/proc", "/sys"].compactMap { path in
        var folder = stat()
        return stat(path, &folder) == 0 ? folder.st_dev : nil
    })
}
