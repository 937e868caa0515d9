/// Coulomb friction as a position correction (Macklin, Müller, Chentanez and Kim, "Unified
/// Particle Physics for Real-Time Applications", 2014): after a contact's overlap is resolved,
/// the two sides' relative sliding over the substep is removed entirely while it is small next to
/// the overlap (static friction), and otherwise by at most the kinetic share of it.
public enum Friction {
    /// The correction to take from the sliding, for eight contacts at once: subtract it from the
    /// side that `sliding` is measured for (relative displacement over the substep), add it to
    /// the other. Without a branch, so the wide contact solve's lanes need not agree.
    @inline(__always)
    static func correction(sliding: VectorLanes, normal: VectorLanes, depth: VectorLanes.Lanes,
                           coefficients: Coefficients = .grain) -> VectorLanes {
        held(sliding: sliding, normal: normal, depth: depth, staticFriction: VectorLanes.Lanes(repeating: coefficients.staticFriction),
             kineticFriction: VectorLanes.Lanes(repeating: coefficients.kineticFriction)).correction
    }

    /// The correction with coefficients of each lane's own, and the square of the sliding it
    /// leaves (0 where friction holds).
    @inline(__always)
    static func held(sliding: VectorLanes, normal: VectorLanes, depth: VectorLanes.Lanes,
                     staticFriction: VectorLanes.Lanes, kineticFriction: VectorLanes.Lanes) -> (correction: VectorLanes, slipSquared: VectorLanes.Lanes) {
        let tangential = sliding - normal * sliding.dot(normal)
        let lengthSquared = tangential.dot(tangential)
        let staticLimit = staticFriction * depth
        let kinetic = kineticFriction * depth * fastInverseSquareRoot(lengthSquared)
        let one = VectorLanes.Lanes(repeating: 1)
        let scale = select(less(one, kinetic) | less(lengthSquared, staticLimit * staticLimit), one, kinetic)
        let slip = one - scale
        return (tangential * select(less(VectorLanes.Lanes(repeating: 1e-18), lengthSquared), scale, .zero), lengthSquared * slip * slip)
    }

    /// The same for one contact, in the first lane.
    @inline(__always)
    public static func correction(sliding: SIMD3<Float>, normal: SIMD3<Float>, depth: Float,
                                  coefficients: Coefficients = .grain) -> SIMD3<Float> {
        correction(sliding: VectorLanes(sliding), normal: VectorLanes(normal), depth: VectorLanes.Lanes(repeating: depth), coefficients: coefficients)[0]
    }

    public struct Coefficients: Sendable {
        public var staticFriction: Float
        public var kineticFriction: Float

        public static let grain = Coefficients(staticFriction: PhysicsConstants.staticFriction, kineticFriction: PhysicsConstants.kineticFriction)
        public static let glass = Coefficients(staticFriction: PhysicsConstants.glassStaticFriction, kineticFriction: PhysicsConstants.glassKineticFriction)
    }
}
