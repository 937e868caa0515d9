import Foundation

/// The starting pile: a hexagonal close-packed lattice filling the lower chamber from the floor
/// up, layer by layer, stopping once every grain is placed and never above `maxLatticeY`.
/// Grains the lattice cannot hold go randomly into the lower bulb, away from the neck.
public enum SpawnLattice {
    public static let maxLatticeY: Float = -0.10
    public static let overflowRange: ClosedRange<Float> = -0.48 ... -0.10
    /// Lattice spacing as a multiple of the diameter, and each grain moved from its site by up to
    /// this share of the diameter along each axis: a loose, uneven pile that settles into a
    /// random packing. A close-packed lattice stood at 45° or steeper held tilted at 70°, its
    /// grains locked in their crystal (docs/PHYSICS.md, "Friction after the pushes").
    static let spacingFactor: Float = 1.2
    static let jitter: Float = 0.1
    /// The fresh pile's seed unless one is asked for (`simulate --seed`): every pile before that
    /// option, and every window's, came from it.
    public static let defaultSeed: UInt64 = 1

    public static func positions(count: Int, profile: HourglassProfile, seed: UInt64 = defaultSeed) -> [SIMD3<Float>] {
        let r = profile.grainRadius
        let d = 2 * r * spacingFactor
        let layerHeight = d * (2.0 / 3.0).squareRoot()
        let rowSpacing = d * Float(3).squareRoot() / 2
        var random = SeededRandom(seed: seed)
        var placed: [SIMD3<Float>] = []
        placed.reserveCapacity(count)

        var layer = 0
        var y = -profile.innerHalfHeight + r * (1 + 2 * jitter)
        while placed.count < count && y <= maxLatticeY {
            // The sphere must clear the glass over its whole height, not just at its centre.
            let reach = min(profile.innerRadiusAt(y - r), profile.innerRadiusAt(y), profile.innerRadiusAt(y + r)) - r * (1 + 2 * jitter)
            // ABAB stacking: every other layer sits in the hollows of the one below.
            let shift = layer % 2 == 0 ? SIMD2<Float>(0, 0) : SIMD2<Float>(d / 2, rowSpacing / 3)
            var layerPoints: [SIMD3<Float>] = []
            let rows = Int((reach / rowSpacing).rounded(.up)) + 1
            let columns = Int((reach / d).rounded(.up)) + 1
            for row in -rows...rows {
                for column in -columns...columns {
                    let x = Float(column) * d + (row % 2 == 0 ? 0 : d / 2) + shift.x
                    let z = Float(row) * rowSpacing + shift.y
                    if (x * x + z * z).squareRoot() <= reach {
                        layerPoints.append(SIMD3(x, y, z))
                    }
                }
            }
            // A partial top layer takes random lattice sites, so it stays flat and even.
            layerPoints.shuffle(using: &random)
            for k in layerPoints.indices {
                let offset = SIMD3(Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random))
                layerPoints[k] += offset * (jitter * 2 * r)
            }
            placed.append(contentsOf: layerPoints.prefix(count - placed.count))
            layer += 1
            y += layerHeight
        }

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
