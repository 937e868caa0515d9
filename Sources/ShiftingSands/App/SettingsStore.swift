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

    func load(report: (String) -> Void = Console.progress) -> Value {
        guard let data = try? Data(contentsOf: url) else { return Value() }
        do {
            return try JSONDecoder().decode(Value.self, from: data).clamped()
        } catch {
            report("shifting-sands: settings file \(url.path) is damaged (\(Self.describe(error))); using defaults")
            save(Value(), report: report)
            return Value()
        }
    }

    func save(_ settings: Value, report: (String) -> Void = Console.progress) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            report("shifting-sands: cannot save settings to \(url.path): \(error.localizedDescription)")
        }
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
