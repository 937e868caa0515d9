import Foundation
import SandGL
import SandSim

/// What the app remembers between runs, as the original kept in UserDefaults: the mode, the
/// duration, the colour toggle, and a count and size for each mode; and how grains are drawn.
struct AppSettings: StoredSettings {
    static let fileName = "settings.json"

    var mode: PhysicsMode = .cpu
    var duration: Float = 5
    var randomColors = false
    var counts: [PhysicsMode: Int] = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, $0.defaultCount) })
    var sizes: [PhysicsMode: Float] = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, 1) })
    /// Absent from files saved before there was a choice, which draw impostors.
    var grainShape: GrainShape?

    var shape: GrainShape { grainShape ?? .impostor }

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
