import Foundation

/// Measures of a pile that tell sand from liquid: how far grains overlap (a hard-sphere pile
/// should barely), and the slope of the lower pile's surface (sand stands at 25–35°).
public enum PileMeasures {
    /// The deepest overlap between two grains, in grain diameters (0 when none touch closer
    /// than contact), over the whole pile and among grains in the neck.
    public struct Overlap: Sendable, Equatable {
        public var anywhere: Float = 0
        public var inNeck: Float = 0
    }

    /// The deepest overlaps in `grains`. A spatial hash of cells one diameter wide, counting-
    /// sorted into buckets (three flat arrays, no dictionary), keeps it linear in the count and
    /// cheap enough to run every frame of a 50,000-grain run.
    public static func maxOverlap(_ grains: [Grain]) -> Overlap {
        var deepest = Overlap()
        guard let diameter = grains.first.map({ 2 * $0.radius }), diameter > 0 else { return deepest }
        let positions = grains.map(\.position)
        let finite = positions.map { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
        let bucketCount = max(2 * grains.count, 64)
        func cell(_ p: SIMD3<Float>) -> SIMD3<Int> {
            SIMD3(Int((p.x / diameter).rounded(.down)), Int((p.y / diameter).rounded(.down)), Int((p.z / diameter).rounded(.down)))
        }
        func bucket(_ c: SIMD3<Int>) -> Int {
            let hash = c.x &* 73_856_093 ^ c.y &* 19_349_663 ^ c.z &* 83_492_791
            return Int(UInt(bitPattern: hash) % UInt(bucketCount))
        }
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        let buckets = positions.indices.map { finite[$0] ? bucket(cell(positions[$0])) : -1 }
        for b in buckets where b >= 0 { starts[b + 1] += 1 }
        for b in 0..<bucketCount { starts[b + 1] += starts[b] }
        var fill = starts
        var sorted = [Int](repeating: 0, count: starts[bucketCount])
        for (index, b) in buckets.enumerated() where b >= 0 {
            sorted[fill[b]] = index
            fill[b] += 1
        }
        for index in positions.indices where finite[index] {
            let p = positions[index]
            let home = cell(p)
            let inNeck = abs(p.y) < PhysicsConstants.neckHalfHeight
            for dx in -1...1 {
                for dy in -1...1 {
                    for dz in -1...1 {
                        let b = bucket(home &+ SIMD3(dx, dy, dz))
                        for slot in starts[b]..<starts[b + 1] {
                            let other = sorted[slot]
                            guard other > index else { continue }
                            let delta = p - positions[other]
                            let touching = grains[index].radius + grains[other].radius
                            let distanceSquared = (delta * delta).sum()
                            guard distanceSquared < touching * touching else { continue }
                            let overlap = (touching - distanceSquared.squareRoot()) / diameter
                            deepest.anywhere = max(deepest.anywhere, overlap)
                            if inNeck || abs(positions[other].y) < PhysicsConstants.neckHalfHeight {
                                deepest.inNeck = max(deepest.inNeck, overlap)
                            }
                        }
                    }
                }
            }
        }
        return deepest
    }

    /// The angle in degrees of the lower pile's surface against the horizontal: a least-squares
    /// line through the surface grains' heights against their distance from the axis (positive:
    /// a cone, higher in the middle; negative: a crater). A surface grain has no grain above it
    /// closer than `coverDistance` diameters across: a grain in the hollow between others is
    /// covered, one further down a slope under 37° is not. Grains within a radius of the glass
    /// are left out: the wall holds them up. Nil when the lower chamber holds too few grains,
    /// or too few of them lie on the surface, to tell.
    public static func reposeAngle(_ grains: [Grain], profile: HourglassProfile) -> Double? {
        let points = lowerSurface(grains, profile: profile).map { (x: $0.r, y: $0.y) }
        guard let line = LeastSquaresLine(points, minimumCount: 5) else { return nil }
        return atan(-line.slope) * 180 / .pi
    }

    /// How far across, in diameters, a higher grain covers a lower one (`reposeAngle`).
    public static let coverDistance: Float = 0.8

    /// The lower pile's surface grains away from the glass, as distance from the axis and height.
    static func lowerSurface(_ grains: [Grain], profile: HourglassProfile) -> [(r: Double, y: Double)] {
        let lower = grains.filter { $0.position.y < -PhysicsConstants.neckHalfHeight && $0.position.y.isFinite }
        guard lower.count >= 20 else { return [] }
        let radius = lower[0].radius, diameter = 2 * radius
        func column(_ p: SIMD3<Float>) -> SIMD2<Int> {
            SIMD2(Int((p.x / diameter).rounded(.down)), Int((p.z / diameter).rounded(.down)))
        }
        var columns: [SIMD2<Int>: [Int]] = [:]
        for (index, grain) in lower.enumerated() { columns[column(grain.position), default: []].append(index) }
        let reach = coverDistance * diameter
        var surface: [(r: Double, y: Double)] = []
        for grain in lower {
            let p = grain.position
            let home = column(p)
            let covered = (-1...1).contains { dx in
                (-1...1).contains { dz in
                    (columns[home &+ SIMD2(dx, dz)] ?? []).contains { other in
                        let q = lower[other].position
                        let across = SIMD2(q.x - p.x, q.z - p.z)
                        return q.y > p.y && (across * across).sum() < reach * reach
                    }
                }
            }
            let r = (p.x * p.x + p.z * p.z).squareRoot()
            guard !covered, profile.innerRadiusAt(p.y) - r - radius > radius else { continue }
            surface.append((Double(r), Double(p.y)))
        }
        return surface
    }
}
