import CFastMath

/// Coulomb friction as a position correction (Macklin, Müller, Chentanez and Kim, "Unified
/// Particle Physics for Real-Time Applications", 2014): after a contact's overlap is resolved,
/// the two sides' relative sliding over the substep is removed entirely while it is small next to
/// the overlap (static friction), and otherwise by at most the kinetic share of it.
public enum Friction {
    /// The correction to take from the sliding: subtract it from the side that `sliding` is
    /// measured for (relative displacement over the substep), add it to the other.
    @inline(__always)
    public static func correction(sliding: SIMD3<Float>, normal: SIMD3<Float>, depth: Float,
                                  coefficients: Coefficients = .grain) -> SIMD3<Float> {
        let tangential = sliding - normal * (sliding * normal).sum()
        let lengthSquared = (tangential * tangential).sum()
        guard lengthSquared > 1e-18 else { return .zero }
        // Compared squared: a pile at rest is all static contacts, and its solve waits on no root.
        let staticLimit = coefficients.staticFriction * depth
        if lengthSquared < staticLimit * staticLimit { return tangential }
        // Sliding grains are common while the sand runs: a reciprocal root, not a root and a division.
        return tangential * min(coefficients.kineticFriction * depth * fast_inverse_square_root(lengthSquared), 1)
    }

    /// The same in the CPU engine's four lanes (Vector).
    static func correction(sliding: Vector, normal: Vector, depth: Float, coefficients: Coefficients) -> Vector {
        Vector(correction(sliding: sliding.xyz, normal: normal.xyz, depth: depth, coefficients: coefficients), 0)
    }

    public struct Coefficients: Sendable {
        public var staticFriction: Float
        public var kineticFriction: Float

        public static let grain = Coefficients(staticFriction: PhysicsConstants.staticFriction, kineticFriction: PhysicsConstants.kineticFriction)
        public static let glass = Coefficients(staticFriction: PhysicsConstants.glassStaticFriction, kineticFriction: PhysicsConstants.glassKineticFriction)
    }
}
