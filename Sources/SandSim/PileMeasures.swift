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

    /// The deepest overlaps in `grains`. A hash grid of cells one diameter wide keeps it linear
    /// in the count.
    public static func maxOverlap(_ grains: [Grain]) -> Overlap {
        var deepest = Overlap()
        guard let diameter = grains.first.map({ 2 * $0.radius }), diameter > 0 else { return deepest }
        var cells: [SIMD3<Int32>: [Int]] = [:]
        func cell(_ p: SIMD3<Float>) -> SIMD3<Int32> {
            SIMD3<Int32>(Int32((p.x / diameter).rounded(.down)), Int32((p.y / diameter).rounded(.down)), Int32((p.z / diameter).rounded(.down)))
        }
        for (index, grain) in grains.enumerated() where grain.position.x.isFinite && grain.position.y.isFinite && grain.position.z.isFinite {
            cells[cell(grain.position), default: []].append(index)
        }
        for (index, grain) in grains.enumerated() {
            let p = grain.position
            guard p.x.isFinite && p.y.isFinite && p.z.isFinite else { continue }
            let home = cell(p)
            for dx in Int32(-1)...1 {
                for dy in Int32(-1)...1 {
                    for dz in Int32(-1)...1 {
                        for other in cells[home &+ SIMD3(dx, dy, dz)] ?? [] where other != index {
                            let delta = p - grains[other].position
                            let touching = grain.radius + grains[other].radius
                            let overlap = touching - (delta * delta).sum().squareRoot()
                            deepest.anywhere = max(deepest.anywhere, overlap / diameter)
                            if abs(p.y) < PhysicsConstants.neckHalfHeight {
                                deepest.inNeck = max(deepest.inNeck, overlap / diameter)
                            }
                        }
                    }
                }
            }
        }
        return deepest
    }

    /// The angle in degrees of the lower pile's surface against the horizontal, from a line
    /// fitted to its height against distance from the axis (positive: a cone, higher in the
    /// middle; negative: a crater). The height at each distance is the top of the grains in
    /// a ring there; rings near the glass, where the wall holds grains up, are left out.
    /// Nil when the lower chamber holds too few grains to tell.
    public static func reposeAngle(_ grains: [Grain], profile: HourglassProfile) -> Double? {
        let lower = grains.map(\.position).filter { $0.y < -PhysicsConstants.neckHalfHeight }
        guard lower.count >= 20, let radius = grains.first?.radius else { return nil }
        let top = lower.map(\.y).max()!
        let reach = 0.8 * (profile.innerRadiusAt(top) - radius)
        let rings = 6
        var points: [(Double, Double)] = []
        for ring in 0..<rings {
            let inner = reach * Float(ring) / Float(rings), outer = reach * Float(ring + 1) / Float(rings)
            let heights = lower.filter {
                let r = ($0.x * $0.x + $0.z * $0.z).squareRoot()
                return r >= inner && r < outer
            }.map(\.y)
            guard let highest = heights.max() else { continue }
            points.append((Double(inner + outer) / 2, Double(highest)))
        }
        guard points.count >= 3 else { return nil }
        let meanR = points.map(\.0).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.1).reduce(0, +) / Double(points.count)
        let covariance = points.reduce(0) { $0 + ($1.0 - meanR) * ($1.1 - meanY) }
        let variance = points.reduce(0) { $0 + ($1.0 - meanR) * ($1.0 - meanR) }
        guard variance > 0 else { return nil }
        return atan(-covariance / variance) * 180 / .pi
    }
}
