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

    /// The pile's unit: its largest grain's radius (grains come in a few sizes, GrainSizing);
    /// nil for no grains.
    static func largestRadius(_ grains: [Grain]) -> Float? {
        grains.map(\.radius).max()
    }

    /// The deepest overlaps in `grains`, in the largest grain's diameters.
    public static func maxOverlap(_ grains: [Grain]) -> Overlap {
        var deepest = Overlap()
        guard let diameter = largestRadius(grains).map({ 2 * $0 }), diameter > 0 else { return deepest }
        let neighbours = GrainNeighbours(grains, cellSize: diameter)
        let positions = neighbours.positions, radii = neighbours.radii
        let parts = neighbours.inParts { slots in
            var deepest = Overlap()
            for slot in slots {
                let p = positions[slot]
                let inNeck = abs(p.y) < PhysicsConstants.neckHalfHeight
                neighbours.forEach(near: slot) { other in
                    guard other > slot else { return }
                    let delta = p - positions[other]
                    let touching = radii[slot] + radii[other]
                    let distanceSquared = (delta * delta).sum()
                    guard distanceSquared < touching * touching else { return }
                    let overlap = (touching - distanceSquared.squareRoot()) / diameter
                    deepest.anywhere = max(deepest.anywhere, overlap)
                    if inNeck || abs(positions[other].y) < PhysicsConstants.neckHalfHeight {
                        deepest.inNeck = max(deepest.inNeck, overlap)
                    }
                }
            }
            return deepest
        }
        for part in parts {
            deepest.anywhere = max(deepest.anywhere, part.anywhere)
            deepest.inNeck = max(deepest.inNeck, part.inNeck)
        }
        return deepest
    }

    /// Whether each grain has something under it against gravity (`up`, in the glass's frame):
    /// a grain within the support check's reach (1.05 × touching distance), or the floor,
    /// ceiling or wall within 5% of its radius, whose point of contact lies below the grain's
    /// centre. The loosest reading of support, for checks: a grain without it hangs on a cap,
    /// a wall or grains beside or above it, or falls.
    public static func supported(_ grains: [Grain], profile: HourglassProfile, up: SIMD3<Float>) -> [Bool] {
        guard let radius = largestRadius(grains), radius > 0 else { return [] }
        let reach = 2 * radius * PhysicsConstants.supportDistanceFactor
        let neighbours = GrainNeighbours(grains, cellSize: reach)
        let positions = neighbours.positions, radii = neighbours.radii
        let margin = radius * (PhysicsConstants.supportDistanceFactor - 1)
        // Grains whose position is not finite have nothing under them.
        var supported = [Bool](repeating: false, count: grains.count)
        for (slots, held) in neighbours.inParts({ slots in (slots, slots.map(isSupported)) }) {
            for (slot, held) in zip(slots, held) { supported[neighbours.order[slot]] = held }
        }
        return supported

        @Sendable func isSupported(_ slot: Int) -> Bool {
            let p = positions[slot], r = radii[slot]
            if p.y - r <= -profile.innerHalfHeight + margin, up.y > 0 { return true }
            if p.y + r >= profile.innerHalfHeight - margin, up.y < 0 { return true }
            let radial = (p.x * p.x + p.z * p.z).squareRoot()
            if radial > 1e-6, radial + r >= profile.innerRadiusAt(p.y) - margin {
                // The contact lies along the wall's outward normal: out and down where it widens.
                let slope = profile.innerSlopeAt(p.y)
                let outward = SIMD3(p.x / radial, -slope, p.z / radial)
                if (outward * up).sum() < 0 { return true }
            }
            var under = false
            neighbours.forEach(near: slot) { other in
                guard !under else { return }
                let delta = positions[other] - p
                let touching = (r + radii[other]) * PhysicsConstants.supportDistanceFactor
                under = (delta * delta).sum() < touching * touching && (delta * up).sum() < 0
            }
            return under
        }
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

    /// The angle in degrees against the horizontal of the surface of the pile in the chamber
    /// below, in a glass turned so that `up` is against gravity: a least-squares line through its
    /// surface grains' heights along `up` against their place along the glass's axis as it lies
    /// (the glass is turned about x, so a tilted pile slopes that way). Surface grains and the
    /// wall as in `reposeAngle`. Sand comes to rest under 40°; a pile frozen as the glass turned
    /// stands at the turn's angle. Nil where too few grains lie on the surface to tell.
    public static func surfaceSlope(_ grains: [Grain], profile: HourglassProfile, up: SIMD3<Float>) -> Double? {
        let across = SIMD3<Float>(0, up.z, -up.y)
        let points = surface(grains, profile: profile, up: up).map { p in
            (x: Double((p * across).sum()), y: Double((p * up).sum()))
        }
        guard let line = LeastSquaresLine(points, minimumCount: 5) else { return nil }
        return atan(abs(line.slope)) * 180 / .pi
    }


    /// The lower pile's surface grains away from the glass, as distance from the axis and height.
    static func lowerSurface(_ grains: [Grain], profile: HourglassProfile) -> [(r: Double, y: Double)] {
        surface(grains, profile: profile, up: [0, 1, 0]).map { p in
            (Double((p.x * p.x + p.z * p.z).squareRoot()), Double(p.y))
        }
    }

    /// The surface grains of the pile in the chamber below, against gravity along `up`: those
    /// with no grain higher along `up` closer than `coverDistance` diameters across it, and more
    /// than a radius from the wall. None where the chamber holds fewer than 20 grains.
    private static func surface(_ grains: [Grain], profile: HourglassProfile, up: SIMD3<Float>) -> [SIMD3<Float>] {
        let lower = grains.filter { $0.position.y * up.y < -PhysicsConstants.neckHalfHeight * abs(up.y) && $0.position.y.isFinite }
        guard lower.count >= 20 else { return [] }
        let radius = largestRadius(lower) ?? 0, diameter = 2 * radius
        // Columns along `up`: a grain's place across it, on x and on the axis as it lies.
        let across = SIMD3<Float>(0, up.z, -up.y)
        func place(_ p: SIMD3<Float>) -> SIMD2<Float> { SIMD2(p.x, (p * across).sum()) }
        func column(_ p: SIMD3<Float>) -> SIMD2<Int> {
            let at = place(p) / diameter
            return SIMD2(Int(at.x.rounded(.down)), Int(at.y.rounded(.down)))
        }
        var columns: [SIMD2<Int>: [Int]] = [:]
        for (index, grain) in lower.enumerated() { columns[column(grain.position), default: []].append(index) }
        let reach = coverDistance * diameter
        var surface: [SIMD3<Float>] = []
        for grain in lower {
            let p = grain.position
            let home = column(p), height = (p * up).sum()
            let covered = (-1...1).contains { dx in
                (-1...1).contains { dz in
                    (columns[home &+ SIMD2(dx, dz)] ?? []).contains { other in
                        let q = lower[other].position
                        let apart = place(q) - place(p)
                        return (q * up).sum() > height && (apart * apart).sum() < reach * reach
                    }
                }
            }
            let r = (p.x * p.x + p.z * p.z).squareRoot()
            guard !covered, profile.innerRadiusAt(p.y) - r - radius > radius else { continue }
            surface.append(p)
        }
        return surface
    }
}
