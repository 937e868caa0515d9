/// Three floats without SIMD3's padding, as std140 places a `vec3` followed by a float (the
/// Swift mirrors of uniform blocks).
public struct PackedFloat3: Equatable, Sendable, BitwiseCopyable {
    public var x: Float, y: Float, z: Float

    public init(_ value: SIMD3<Float>) {
        (x, y, z) = (value.x, value.y, value.z)
    }
}

/// A `vec3` with the four bytes std140 leaves unused after it where no float follows it in the
/// block (before another `vec3`, a `vec2` or the block's end).
public struct PaddedFloat3: Equatable, Sendable, BitwiseCopyable {
    public var value: PackedFloat3
    private var unused: Float = 0

    public init(_ value: SIMD3<Float>) {
        self.value = PackedFloat3(value)
    }
}

/// A `mat4` as std140 lays it out, column after column (the Swift mirrors of uniform blocks).
public struct PackedMatrix4: Equatable, Sendable, BitwiseCopyable {
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    public init(_ matrix: Matrix4) {
        let c = matrix.columns
        columns = (SIMD4(c[0], c[1], c[2], c[3]), SIMD4(c[4], c[5], c[6], c[7]), SIMD4(c[8], c[9], c[10], c[11]), SIMD4(c[12], c[13], c[14], c[15]))
    }

    public static func == (a: PackedMatrix4, b: PackedMatrix4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }
}

/// An `ivec3` without SIMD3's padding, as std140 places one followed by a scalar.
public struct PackedInt3: Equatable, Sendable, BitwiseCopyable {
    public var x: Int32, y: Int32, z: Int32
    public init(_ value: SIMD3<Int32>) {
        (x, y, z) = (value.x, value.y, value.z)
    }
}

extension SIMD3 where Scalar == Int32 {
    /// As a uniform block's mirror lays it out.
    public var packed: PackedInt3 { PackedInt3(self) }
}
