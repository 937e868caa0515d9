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
        let radial = (p.x * p.x + p.z * p.z).squareRoot()
        let limit = max(wall.radius(at: p.y) - radius, 0)
        guard radial > limit, radial > 1e-7 else { return nil }
        // Outside means f = radial − limit(y) > 0; one step along ∇f = (1, −slope) to f = 0.
        let slope = wall.slope(at: p.y)
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

    /// `p` moved back inside the wall if it was through it. Returned rather than changed in
    /// place, so the contact solve keeps its grain in registers, not in memory for the call.
    func insideWall(_ p: SIMD3<Float>, radius: Float) -> SIMD3<Float> {
        var inside = p
        _ = projectInside(&inside, radius: radius)
        return inside
    }

    /// Keeps a grain inside the glass at the end of a substep: the wall (unless the grain is
    /// known to be far from it), then floor and ceiling, each with friction against the sliding
    /// since `start`. Returns whether the glass holds the grain up against `rules`' gravity: a
    /// wall, floor or ceiling it touches whose normal into the grain lies within the support
    /// cone, as `collideGlass` in glass.glsl does.
    func collide(position p: inout Vector, start: Vector, radius: Float, nearWall: Bool = true, rules: SubstepRules) -> Bool {
        var holds = false
        if nearWall {
            var inside = p.xyz
            if let contact = projectInside(&inside, radius: radius) {
                p = Vector(inside, 0)
                p -= Friction.correction(sliding: p - start, normal: Vector(contact.normal, 0), depth: contact.depth, coefficients: .glass)
                holds = rules.holdsUp(normal: -contact.normal)
            }
        }
        let low = floorY + radius, high = -floorY - radius
        if p.y < low {
            let depth = low - p.y
            p.y = low
            p -= Friction.correction(sliding: p - start, normal: [0, 1, 0, 0], depth: depth, coefficients: .glass)
        } else if p.y > high {
            let depth = p.y - high
            p.y = high
            p -= Friction.correction(sliding: p - start, normal: [0, -1, 0, 0], depth: depth, coefficients: .glass)
        }
        let onFloor = p.y - radius <= floorY + 1e-4, onCeiling = p.y + radius >= -floorY - 1e-4
        return holds || (onFloor && rules.holdsUp(normal: [0, 1, 0])) || (onCeiling && rules.holdsUp(normal: [0, -1, 0]))
    }
}
