/// Keeps a grain inside the glass: radial wall against the inner profile, flat floor and
/// ceiling. The glass is a surface of revolution, so the 3D wall test is a 2D radial one.
/// It reads the profile through pointers (WallCurve), so a substep copies it freely.
struct GlassCollider {
    let wall: WallCurve
    let floorY: Float

    init(wall: WallCurve, innerHalfHeight: Float) {
        self.wall = wall
        floorY = -innerHalfHeight
    }

    /// A collider for `profile`, valid inside `body`.
    static func with<Result>(_ profile: HourglassProfile, _ body: (GlassCollider) throws -> Result) rethrows -> Result {
        let table = WallTable(profile.inner)
        return try withExtendedLifetime(table) { try body(GlassCollider(wall: table.curve, innerHalfHeight: profile.innerHalfHeight)) }
    }

    /// Whether a grain of `radius` at `position` may reach the wall while it moves no more than
    /// `reach` in any direction: the collider skips the wall for the others.
    func mayReachWall(_ position: SIMD3<Float>, radius: Float, reach: Float) -> Bool {
        let radial = (position.x * position.x + position.z * position.z).squareRoot()
        return radial + reach > wall.narrowestRadius(from: position.y - reach, to: position.y + reach) - radius
    }

    /// Moves a grain that is through the wall back inside it, along the wall's normal (the
    /// funnel is sloped, so the normal points up or down as well as in). Returns the normal and
    /// how deep the grain was, or nil when it was inside.
    func projectInside(_ p: inout SIMD3<Float>, radius: Float) -> (normal: SIMD3<Float>, depth: Float)? {
        Self.projectInside(&p, radius: radius, wallRadius: wall.radius(at: p.y)) { wall.slope(at: $0) }
    }

    /// The wall near height `y` as a line, radius = line.x + line.y × height: a grain moves a
    /// tenth of a diameter at most in a substep, so the contact solve puts it back inside this
    /// line (`insideWall`) rather than look the profile up again at every push (which took a
    /// sixth of a settled pile's step, docs/BENCHMARKS.md).
    func wallLine(at y: Float) -> SIMD2<Float> {
        let slope = wall.slope(at: y)
        return SIMD2(wall.radius(at: y) - slope * y, slope)
    }

    /// `projectInside` for a wall of radius `wallRadius` at the grain's height and, where the
    /// grain is through it, of slope `slope(height)`.
    @inline(__always)
    private static func projectInside(_ p: inout SIMD3<Float>, radius: Float, wallRadius: Float,
                                      slope: (Float) -> Float) -> (normal: SIMD3<Float>, depth: Float)? {
        let radial = (p.x * p.x + p.z * p.z).squareRoot()
        let limit = max(wallRadius - radius, 0)
        guard radial > limit, radial > 1e-7 else { return nil }
        // Outside means f = radial − limit(y) > 0; one step along ∇f = (1, −slope) to f = 0.
        let slope = slope(p.y)
        let excess = radial - limit
        let scale = excess / (1 + slope * slope)
        let outwardRadial = SIMD2<Float>(p.x / radial, p.z / radial)
        let newRadial = max(radial - scale, 0)
        p.x = outwardRadial.x * newRadial
        p.z = outwardRadial.y * newRadial
        p.y += slope * scale
        let length = (1 + slope * slope).squareRoot()
        return (SIMD3(outwardRadial.x / length, -slope / length, outwardRadial.y / length), excess / length)
    }

    /// `p` moved back inside the wall `line` (`wallLine`) if it was through it. Returned rather
    /// than changed in place, so the contact solve keeps its grain in registers, not in memory
    /// for the call.
    func insideWall(_ p: SIMD3<Float>, radius: Float, line: SIMD2<Float>) -> SIMD3<Float> {
        var inside = p
        if abs(p.y) < PhysicsConstants.neckHalfHeight {
            _ = projectInside(&inside, radius: radius)
        } else {
            _ = Self.projectInside(&inside, radius: radius, wallRadius: line.x + line.y * p.y) { _ in line.y }
        }
        return inside
    }

    /// Keeps eight grains inside the glass at the end of a substep, one a lane, as `projectInside`
    /// and the floor and ceiling do for one, each with friction against the sliding since
    /// `start`: the wall for the lanes of `nearWall` (the others are known to be far from it),
    /// then floor and ceiling. `wallLines`, where given, gets the wall near each lane of
    /// `nearWall` as a line (`wallLine`) at its height before it is kept inside. Without a branch a lane could disagree on, but for looking up the
    /// wall's radius and slope at each near lane's height.
    @inline(__always)
    func collide(position p: inout VectorLanes, start: VectorLanes, radius: VectorLanes.Lanes, nearWall: VectorLanes.Mask,
                 wallLines: (UnsafeMutablePointer<SIMD2<Float>>, Eight<Int>)? = nil) {
        typealias Lanes = VectorLanes.Lanes
        if any(nearWall) {
            var wallRadius = Lanes(repeating: 0), slope = Lanes(repeating: 0)
            for lane in 0..<8 where nearWall[lane] != 0 {
                wallRadius[lane] = wall.radius(at: p.y[lane])
                slope[lane] = wall.slope(at: p.y[lane])
            }
            if let (lines, index) = wallLines {
                for lane in 0..<8 where nearWall[lane] != 0 {
                    let grain = withUnsafeBytes(of: index) { $0.load(fromByteOffset: lane * MemoryLayout<Int>.stride, as: Int.self) }
                    lines[grain] = SIMD2(wallRadius[lane] - slope[lane] * p.y[lane], slope[lane])
                }
            }
            let radial = (p.x * p.x + p.z * p.z).squareRoot()
            let limit = maximum(wallRadius - radius, Lanes(repeating: 0))
            let through = nearWall & less(limit, radial) & less(Lanes(repeating: 1e-7), radial)
            // Outside means f = radial − limit(y) > 0; one step along ∇f = (1, −slope) to f = 0.
            let excess = radial - limit
            let scale = excess / (1 + slope * slope)
            let outward = (x: p.x / radial, z: p.z / radial)
            let newRadial = maximum(radial - scale, Lanes(repeating: 0))
            let moved = VectorLanes(x: outward.x * newRadial, y: p.y + slope * scale, z: outward.z * newRadial)
            let length = (1 + slope * slope).squareRoot()
            let normal = VectorLanes(x: outward.x / length, y: -slope / length, z: outward.z / length)
            let inside = VectorLanes.blend(through, moved, p)
            let slide = Friction.correction(sliding: inside - start, normal: normal, depth: excess / length, coefficients: .glass)
            p = VectorLanes.blend(through, inside - slide, inside)
        }
        let low = floorY + radius, high = -floorY - radius
        let belowFloor = less(p.y, low), aboveCeiling = ~belowFloor & less(high, p.y)
        let depth = select(belowFloor, low - p.y, select(aboveCeiling, p.y - high, .zero))
        p.y = select(belowFloor, low, select(aboveCeiling, high, p.y))
        // Few octets have a grain through the floor or ceiling: the rest skip the friction.
        if any(belowFloor | aboveCeiling) {
            let upright = VectorLanes(x: .zero, y: select(belowFloor, Lanes(repeating: 1), select(aboveCeiling, Lanes(repeating: -1), .zero)), z: .zero)
            let slide = Friction.correction(sliding: p - start, normal: upright, depth: depth, coefficients: .glass)
            p = VectorLanes.blend(belowFloor | aboveCeiling, p - slide, p)
        }
    }
}
