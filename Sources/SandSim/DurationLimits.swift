import Foundation

/// The longest timer each grain count can keep (within 2%, at a steady rate): the sand, left
/// alone at the gravity floor, runs through the narrowest neck (`longTimerNeckDiameters`) at a
/// measured rate, and the drain controller can hold it back at most `longestHoldBack` times.
/// Fewer grains are larger, so fewer fit through a neck a few grains wide at once: a small
/// count cannot trickle for long (250 grains for an hour would jam every second).
public enum DurationLimits {
    /// Grains a second through a neck 3 grains wide at g = 0.5, the CPU engine left alone, the
    /// mean of two drains: `calibrate --mode cpu --counts 250,500,1000,2000 --gravities 0.5
    /// --neck-diameters 3 --repeats 2` (docs/PHYSICS.md, "Long timers"). The compute engine's
    /// fit runs within a tenth of the CPU's, so both take this table.
    public static let measuredFlow: [(count: Int, grainsPerSecond: Double)] = [
        (250, 11.7), (500, 13.6), (1_000, 18.4), (2_000, 19.5),
    ]

    /// The counts the panel suggests, smallest first.
    public static let suggestedCounts = [250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]

    /// The longest duration in seconds `count` grains can keep. Between measured counts the flow
    /// is interpolated in log–log; beyond them it follows Beverloo's law at a fixed width in
    /// grains (a count's flow in grains a second grows as count^{1/6}).
    public static func longest(count: Int) -> Float {
        let flow = measuredFlow
        let n = Double(max(count, 1))
        let rate: Double
        if let upper = flow.firstIndex(where: { Double($0.count) >= n }), upper > 0 {
            let a = flow[upper - 1], b = flow[upper]
            let t = log(n / Double(a.count)) / log(Double(b.count) / Double(a.count))
            rate = exp(log(a.grainsPerSecond) + t * log(b.grainsPerSecond / a.grainsPerSecond))
        } else {
            let edge = n < Double(flow[0].count) ? flow[0] : flow[flow.count - 1]
            rate = edge.grainsPerSecond * pow(n / Double(edge.count), 1.0 / 6)
        }
        return Float(Double(PhysicsConstants.longestHoldBack) * n / rate)
    }

    public static func canKeep(duration: Float, count: Int) -> Bool {
        duration <= longest(count: count)
    }

    /// The smallest suggested count within `range` that keeps `duration`; nil if none does.
    public static func suggestedCount(duration: Float, in range: ClosedRange<Int>) -> Int? {
        suggestedCounts.first { range.contains($0) && canKeep(duration: duration, count: $0) }
    }
}
