/// Three floats without SIMD3's padding, as std140 places a `vec3` followed by a float (the
/// Swift mirrors of uniform blocks).
public struct PackedFloat3: Equatable, Sendable {
    public var x: Float, y: Float, z: Float

    public init(_ value: SIMD3<Float>) {
        (x, y, z) = (value.x, value.y, value.z)
    }
}
