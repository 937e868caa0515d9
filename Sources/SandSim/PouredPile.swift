import Foundation

/// The starting pile, built as poured sand comes to rest: grains dropped one at a time over the
/// lower chamber, each rolling down over those already placed until the floor, the glass or
/// three grains hold it (Visscher and Bolsterli's sequential deposition). That gives a random
/// loose packing which stands under gravity with no friction at all, so a fresh pile is still
/// when it is shown and tilts as poured sand does. A close-packed lattice stood at 45° or steeper
/// held at 70°, and a loose lattice packed itself for seconds (docs/PHYSICS.md, "Friction that
/// remembers").
/// Grains that do not fit below `maxY` go randomly into the lower bulb, away from the neck.
public enum PouredPile {
    public static let maxY: Float = -0.10
    public static let overflowRange: ClosedRange<Float> = -0.48 ... -0.10
    /// The fresh pile's seed unless one is asked for (`simulate --seed`): every window's pile
    /// comes from it.
    public static let defaultSeed: UInt64 = 1
    /// Each grain is dropped where the pile is lowest of this many random spots, so the top
    /// stays level as it rises.
    static let dropSpots = 4

    public static func positions(count: Int, profile: HourglassProfile, seed: UInt64 = defaultSeed) -> [SIMD3<Float>] {
        var random = SeededRandom(seed: seed)
        var placed = GlassCollider.with(profile) { collider in
            var deposition = Deposition(profile: profile, collider: collider, capacity: count)
            while deposition.placed.count < count, deposition.dropOne(spots: dropSpots, below: maxY, using: &random) {}
            return deposition.placed
        }
        let r = profile.grainRadius
        while placed.count < count {
            let y = Float.random(in: overflowRange, using: &random)
            let reach = max(profile.innerRadiusAt(y) - r, 0)
            let angle = Float.random(in: 0..<(2 * Float.pi), using: &random)
            let radial = reach * Float.random(in: 0...1, using: &random).squareRoot()
            placed.append(SIMD3(radial * cos(angle), y, radial * sin(angle)))
        }
        return placed
    }

    public static func grains(count: Int, profile: HourglassProfile, seed: UInt64 = defaultSeed) -> [Grain] {
        positions(count: count, profile: profile, seed: seed).map { Grain(position: $0, radius: profile.grainRadius) }
    }
}
