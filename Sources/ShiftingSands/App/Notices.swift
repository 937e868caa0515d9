/// Lines meant for the person at the window from code that has no window of its own (a settings
/// file that could not be saved): printed on stderr at once, and shown as a toast by the window
/// at its next frame. The app's one thread posts and takes them.
enum Notices {
    nonisolated(unsafe) private static var pending: [String] = []

    static func post(_ line: String) {
        Console.progress("shifting-sands: \(line)")
        pending.append(line)
    }

    /// The lines posted since the last call.
    static func take() -> [String] {
        defer { pending = [] }
        return pending
    }
}
