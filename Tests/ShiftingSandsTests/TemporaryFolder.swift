import Foundation

/// Calls `body` with a new empty folder under the temporary directory, named from `prefix`,
/// and removes the folder and what it holds afterwards.
func withTemporaryFolder<Result>(_ prefix: String, _ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
