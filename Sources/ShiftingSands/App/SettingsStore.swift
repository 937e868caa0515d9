import Foundation

/// Settings a scene keeps between runs, each kind in its own file.
protocol StoredSettings: Codable, Equatable {
    static var fileName: String { get }
    /// The defaults.
    init()
    /// Every value brought into its range, so a hand-edited file cannot break the app.
    func clamped() -> Self
}

/// Reads and writes one scene's settings as JSON under `$XDG_CONFIG_HOME` (or `~/.config`), in
/// `shifting-sands/`. A damaged file is reported on stderr and replaced by defaults; it never
/// stops the app.
struct SettingsStore<Value: StoredSettings> {
    let url: URL

    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsStore {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        }
        return SettingsStore(url: base.appendingPathComponent("shifting-sands").appendingPathComponent(Value.fileName))
    }

    /// The stored settings, every value in its range: a value out of it is brought in, with one
    /// line naming each such key and the value kept. `report` hears such lines.
    func load(report: (String) -> Void = { Console.progress("shifting-sands: \($0)") }) -> Value {
        guard let data = try? Data(contentsOf: url) else { return Value() }
        do {
            let stored = try JSONDecoder().decode(Value.self, from: data)
            let clamped = stored.clamped()
            let changes = Self.changes(from: stored, to: clamped)
            if !changes.isEmpty {
                report("settings file \(url.path): " + changes.map { "\($0.key) \($0.stored) is out of range, using \($0.kept)" }.joined(separator: "; "))
            }
            return clamped
        } catch {
            report("settings file \(url.path) is damaged (\(Self.describe(error))); using defaults")
            save(Value(), report: report)
            return Value()
        }
    }

    /// Saves `settings` (atomically: a crash never leaves half a file); a failure is said on
    /// stderr and, in the window, as a toast, and the settings stay in memory.
    func save(_ settings: Value, report: (String) -> Void = Notices.post) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            report("cannot save settings to \(url.path): \(error.localizedDescription)")
        }
    }

    /// The keys (dotted for nested ones) whose values differ between two settings, as JSON
    /// writes them.
    static func changes(from stored: Value, to kept: Value) -> [(key: String, stored: String, kept: String)] {
        let old = flattened(stored), new = flattened(kept)
        return old.keys.sorted().compactMap { key in
            guard let was = old[key], let now = new[key], was != now else { return nil }
            return (key, was, now)
        }
    }

    private static func flattened(_ value: Value) -> [String: String] {
        guard let data = try? JSONEncoder().encode(value), let object = try? JSONSerialization.jsonObject(with: data) else { return [:] }
        var result: [String: String] = [:]
        func walk(_ item: Any, _ path: String) {
            if let dictionary = item as? [String: Any] {
                for (key, child) in dictionary { walk(child, path.isEmpty ? key : "\(path).\(key)") }
            } else {
                result[path] = "\(item)"
            }
        }
        walk(object, "")
        return result
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.codingPath.isEmpty ? context.debugDescription
                : "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: error.localizedDescription
        }
    }
}
