/// Keeps a grain inside the glass: radial wall against the inner profile, flat floor and
/// ceiling. The glass is a surface of revolution, so the 3D wall test is a 2D radial one.
struct GlassCollider {
    let profile: HourglassProfile
    let floorY: Float

    init(profile: HourglassProfile) {
        self.profile = profile
        floorY = -profile.innerHalfHeight
    }

    /// Pushes the grain back inside the wall, reflects its outward velocity and applies
    /// friction to the sliding part.
    func collideWall(position p: inout SIMD3<Float>, velocity v: inout SIMD3<Float>, radius: Float) {
        let radial = (p.x * p.x + p.z * p.z).squareRoot()
        let limit = max(profile.innerRadiusAt(p.y) - radius, 0)
        guard radial > limit, radial > 1e-7 else { return }
        let normal = SIMD3<Float>(p.x / radial, 0, p.z / radial)
        p.x = normal.x * limit
        p.z = normal.z * limit
        var outward = (v * normal).sum()
        if outward > 0 { outward = -outward * PhysicsConstants.wallRestitution }
        let tangential = v - normal * (v * normal).sum()
        v = normal * outward + tangential * (1 - PhysicsConstants.wallFriction)
    }

    /// Clamps y between floor and ceiling; a slow grain on either comes to rest instead of
    /// micro-bouncing. Returns true while the grain touches one.
    @discardableResult
    func collideFloorAndCeiling(position p: inout SIMD3<Float>, velocity v: inout SIMD3<Float>, radius: Float, restingSpeed: Float) -> Bool {
        let low = floorY + radius, high = -floorY - radius
        if p.y <= low {
            p.y = low
            if v.y < 0 { v.y = -v.y * PhysicsConstants.floorRestitution }
        } else if p.y >= high {
            p.y = high
            if v.y > 0 { v.y = -v.y * PhysicsConstants.floorRestitution }
        } else {
            return false
        }
        if abs(v.y) < restingSpeed { v.y = 0 }
        return true
    }
}
