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
/// `shifting-sands/`. A bad value or a damaged file is reported on stderr and gives way to the
/// defaults, the file kept beside itself; it never stops the app.
struct SettingsStore<Value: StoredSettings> {
    let url: URL

    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsStore {
        let base: URL
        // The XDG spec: a relative path is invalid and is ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        }
        return SettingsStore(url: base.appendingPathComponent("shifting-sands").appendingPathComponent(Value.fileName))
    }

    /// The stored settings, read key by key: a good value is kept, a value out of its range is
    /// brought in (one line naming each such key and the value kept), and a value the key does
    /// not take gives way to the default, in a line of its own. A file that was not read whole is
    /// copied beside itself (`settings.json.bad`) before anything can replace it. `report` hears
    /// such lines.
    func load(report: (String) -> Void = { Console.progress("shifting-sands: \($0)") }) -> Value {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            report("settings file \(url.path) is a folder, not a file: using defaults, and nothing can be saved there until it is moved away")
            return Value()
        }
        guard let data = try? Data(contentsOf: url) else { return Value() }
        let file: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: data) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a JSON object of settings"))
            }
            file = object
        } catch {
            let beside = keepBeside()
            report("settings file \(url.path) is damaged (\(Self.describe(error))); \(beside.said), using defaults")
            if beside.kept { save(Value(), report: report) }
            return Value()
        }
        let (stored, refused) = Self.merged(file)
        let clamped = stored.clamped()
        if !refused.isEmpty {
            let kept = Self.flattened(clamped), beside = keepBeside()
            for bad in refused {
                report("settings file \(url.path): \(bad.key) \(bad.value.text) is not a value it takes, using \(kept[bad.key] ?? "its default"); \(beside.said)")
            }
            // Repaired, so the next start neither says it again nor overwrites the kept copy.
            if beside.kept { save(clamped, report: report) }
        }
        let changes = Self.changes(from: stored, to: clamped)
        if !changes.isEmpty {
            report("settings file \(url.path): " + changes.map { "\($0.key) \($0.stored) is out of range, using \($0.kept)" }.joined(separator: "; "))
        }
        return clamped
    }

    /// Where a file that was not read whole is kept, so nothing in it is lost.
    var badURL: URL { url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".bad") }

    /// Copies the file to `badURL` and says where, or why not; only a file kept so may be
    /// replaced.
    private func keepBeside() -> (kept: Bool, said: String) {
        do {
            if FileManager.default.fileExists(atPath: badURL.path) { try FileManager.default.removeItem(at: badURL) }
            try FileManager.default.copyItem(at: url, to: badURL)
            return (true, "the file as it was is kept as \(badURL.lastPathComponent)")
        } catch {
            return (false, "the file could not be kept beside itself (\(FileErrorText.describe(error, writing: url))), so it is left as it is")
        }
    }

    /// The defaults with each of the file's values laid over them, leaf by leaf (a nested
    /// object such as `counts` one key at a time), keeping each value the settings decode with;
    /// the keys (dotted) and values that they do not.
    static func merged(_ file: [String: JSONValue]) -> (Value, refused: [(key: String, value: JSONValue)]) {
        func decoded(_ object: [String: JSONValue]) -> Value? {
            guard let data = try? JSONEncoder().encode(JSONValue.object(object)) else { return nil }
            return try? JSONDecoder().decode(Value.self, from: data)
        }
        guard let data = try? JSONEncoder().encode(Value()), case .object(var merged)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return (Value(), [])
        }
        var refused: [(key: String, value: JSONValue)] = []
        func lay(_ value: JSONValue, at path: [String]) {
            if case .object(let children) = value, case .object? = Self.value(at: path, in: merged) {
                for key in children.keys.sorted() { lay(children[key]!, at: path + [key]) }
                return
            }
            let trial = Self.setting(value, at: path, in: merged)
            if decoded(trial) != nil {
                merged = trial
            } else {
                refused.append((path.joined(separator: "."), value))
            }
        }
        for key in file.keys.sorted() { lay(file[key]!, at: [key]) }
        return (decoded(merged) ?? Value(), refused)
    }

    private static func value(at path: [String], in object: [String: JSONValue]) -> JSONValue? {
        guard let first = path.first, let value = object[first] else { return nil }
        guard path.count > 1 else { return value }
        guard case .object(let children) = value else { return nil }
        return Self.value(at: Array(path.dropFirst()), in: children)
    }

    private static func setting(_ value: JSONValue, at path: [String], in object: [String: JSONValue]) -> [String: JSONValue] {
        var result = object
        guard let first = path.first else { return result }
        if path.count == 1 {
            result[first] = value
        } else if case .object(let children)? = object[first] {
            result[first] = .object(setting(value, at: Array(path.dropFirst()), in: children))
        }
        return result
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
            report("cannot save settings to \(url.path): \(FileErrorText.describe(error, writing: url))")
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
