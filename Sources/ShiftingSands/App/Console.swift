import Foundation

/// Output helpers: progress on stderr, results on stdout, files with errors a user can act on.
enum Console {
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` into `path` itself (never a replacement file moved over it, which would
    /// turn a device such as /dev/full into a plain file), and says why when any part of the
    /// write fails: a full disk shows only when the data is flushed.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "w") else { throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let written = fwrite(bytes, 1, bytes.count, file)
        var failure = written == bytes.count ? 0 : errno
        if fflush(file) != 0, failure == 0 { failure = errno }
        if fclose(file) != 0, failure == 0 { failure = errno }
        guard failure == 0 else { throw CommandError("cannot write \(path): \(String(cString: strerror(failure)))") }
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// An error with a message meant for the user, printed as is.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) {
        self.description = description
    }
}
