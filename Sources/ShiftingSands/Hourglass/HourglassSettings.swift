import Foundation
import SandGL
import SandSim

/// What the app remembers between runs, as the original kept in UserDefaults: the mode, the
/// duration, the colour toggle, the count chosen and size for each mode, whether the timer's end
/// chimes and notifies, and how grains are drawn. A mode whose count was never chosen has the
/// count that fits this machine (`MachineFit`), or 250 where nothing was measured. A file from
/// an earlier version, without a later key, keeps its values and takes the default for the new
/// key.
struct HourglassSettings: StoredSettings {
    static let fileName = "settings.json"

    var mode: PhysicsMode = .cpu
    var duration: Float = 5
    var randomColors = false
    /// The counts the person chose.
    var counts: [PhysicsMode: Int] = [:]
    /// Each mode's count where none was chosen: what fits this machine; not saved (app.json
    /// keeps the measurement).
    var fittedCounts: [PhysicsMode: Int] = [:]
    /// Side by side without --count: the count the three glasses share, in place of the CPU
    /// mode's own until one is chosen in the panel; not saved, so the CPU's stays the person's.
    var comparisonCount: Int?
    var sizes: [PhysicsMode: Float] = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, 1) })
    var chime = true
    var notify = true
    var grainShape = GrainShape.impostor

    init() {}

    private enum CodingKeys: String, CodingKey {
        case mode, duration, randomColors, counts, sizes, chime, notify, grainShape
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = HourglassSettings()
        mode = try container.decodeIfPresent(PhysicsMode.self, forKey: .mode) ?? defaults.mode
        duration = try container.decodeIfPresent(Float.self, forKey: .duration) ?? defaults.duration
        randomColors = try container.decodeIfPresent(Bool.self, forKey: .randomColors) ?? defaults.randomColors
        counts = try container.decodeIfPresent([PhysicsMode: Int].self, forKey: .counts) ?? defaults.counts
        sizes = try container.decodeIfPresent([PhysicsMode: Float].self, forKey: .sizes) ?? defaults.sizes
        chime = try container.decodeIfPresent(Bool.self, forKey: .chime) ?? defaults.chime
        notify = try container.decodeIfPresent(Bool.self, forKey: .notify) ?? defaults.notify
        grainShape = try container.decodeIfPresent(GrainShape.self, forKey: .grainShape) ?? defaults.grainShape
    }

    func count(for mode: PhysicsMode) -> Int { (mode == .cpu ? comparisonCount : nil) ?? counts[mode] ?? defaultCount(for: mode) }
    /// The count a mode starts with until one is chosen.
    func defaultCount(for mode: PhysicsMode) -> Int { fittedCounts[mode] ?? MachineFit.fallbackCount }
    func size(for mode: PhysicsMode) -> Float { sizes[mode] ?? 1 }

    var grainSettings: GrainSettings { grainSettings(for: mode) }

    func grainSettings(for mode: PhysicsMode) -> GrainSettings {
        GrainSettings(mode: mode, count: count(for: mode), size: size(for: mode))
    }

    /// Brings every value into its range, so a hand-edited file cannot break the app.
    func clamped() -> HourglassSettings {
        var result = self
        result.duration = min(max(duration.isFinite ? duration : 5, HourglassTimer.durationRange.lowerBound), HourglassTimer.durationRange.upperBound)
        for mode in PhysicsMode.allCases {
            if let count = counts[mode] { result.counts[mode] = min(max(count, mode.countRange.lowerBound), mode.countRange.upperBound) }
            let size = size(for: mode).isFinite ? size(for: mode) : 1
            result.sizes[mode] = min(max(size, GrainSizing.sizeRange.lowerBound), GrainSizing.sizeRange.upperBound)
        }
        return result
    }
}
