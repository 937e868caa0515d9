/// Three floats without SIMD3's padding, as std140 places a `vec3` followed by a float (the
/// Swift mirrors of uniform blocks).
public struct PackedFloat3: Equatable, Sendable {
    public var x: Float, y: Float, z: Float

    public init(_ value: SIMD3<Float>) {
        (x, y, z) = (value.x, value.y, value.z)
    }
}

/// A `vec3` with the four bytes std140 leaves unused after it where no float follows it in the
/// block (before another `vec3`, a `vec2` or the block's end).
public struct PaddedFloat3: Equatable, Sendable {
    public var value: PackedFloat3
    private var unused: Float = 0

    public init(_ value: SIMD3<Float>) {
        self.value = PackedFloat3(value)
    }
}
