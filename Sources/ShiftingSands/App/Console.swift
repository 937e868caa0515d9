import Foundation

/// Output helpers: progress on stderr, results on stdout, files with errors a user can act on.
enum Console {
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CommandError("cannot write \(path): \(error.localizedDescription)")
        }
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
