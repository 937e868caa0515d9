import Foundation
import SandSim

/// What the app remembers between runs, as the original kept in UserDefaults: the mode, the
/// duration, the colour toggle, and a count and size for each mode.
struct AppSettings: Codable, Equatable {
    var mode: PhysicsMode = .cpu
    var duration: Float = 5
    var randomColors = false
    var counts: [PhysicsMode: Int] = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, $0.defaultCount) })
    var sizes: [PhysicsMode: Float] = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, 1) })

    func count(for mode: PhysicsMode) -> Int { counts[mode] ?? mode.defaultCount }
    func size(for mode: PhysicsMode) -> Float { sizes[mode] ?? 1 }

    var grainSettings: GrainSettings { grainSettings(for: mode) }

    func grainSettings(for mode: PhysicsMode) -> GrainSettings {
        GrainSettings(mode: mode, count: count(for: mode), size: size(for: mode))
    }

    /// Brings every value into its range, so a hand-edited file cannot break the app.
    func clamped() -> AppSettings {
        var result = self
        result.duration = min(max(duration.isFinite ? duration : 5, HourglassTimer.durationRange.lowerBound), HourglassTimer.durationRange.upperBound)
        for mode in PhysicsMode.allCases {
            result.counts[mode] = min(max(count(for: mode), mode.countRange.lowerBound), mode.countRange.upperBound)
            let size = size(for: mode).isFinite ? size(for: mode) : 1
            result.sizes[mode] = min(max(size, GrainSizing.sizeRange.lowerBound), GrainSizing.sizeRange.upperBound)
        }
        return result
    }
}

/// Reads and writes the settings as JSON under `$XDG_CONFIG_HOME` (or `~/.config`). A damaged
/// file is reported on stderr and replaced by defaults; it never stops the app.
struct SettingsStore {
    let url: URL

    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsStore {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        }
        return SettingsStore(url: base.appendingPathComponent("shifting-sands").appendingPathComponent("settings.json"))
    }

    func load(report: (String) -> Void = Console.progress) -> AppSettings {
        guard let data = try? Data(contentsOf: url) else { return AppSettings() }
        do {
            return try JSONDecoder().decode(AppSettings.self, from: data).clamped()
        } catch {
            report("shifting-sands: settings file \(url.path) is damaged (\(Self.describe(error))); using defaults")
            save(AppSettings(), report: report)
            return AppSettings()
        }
    }

    func save(_ settings: AppSettings, report: (String) -> Void = Console.progress) {
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
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: error.localizedDescription
        }
    }
}
