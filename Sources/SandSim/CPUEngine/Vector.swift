/// The CPU engine stores a grain's vectors in four lanes, the fourth 0 (but for the contact
/// solve's mark in a position, ContactSolve): the same 16 bytes a SIMD3<Float> takes.
/// Predicting and finishing a substep in four lanes takes about a sixth fewer instructions than
/// in three (the compiler splits a SIMD3's arithmetic into its first lane and the other two); the
/// contact solve turns eight grains' vectors into lanes of x, y and z (VectorLanes).
typealias Vector = SIMD4<Float>

extension SIMD4 where Scalar == Float {
    var xyz: SIMD3<Float> { SIMD3(x, y, z) }

    /// The first three lanes added in the order SIMD3's `sum()` adds them, so the engine's
    /// results are the same to the bit as with three lanes.
    @inline(__always)
    func sum3() -> Float { (x + y) + z }
}
