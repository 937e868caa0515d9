import CFastMath

/// Four 3D vectors side by side, one a lane: their x in one SIMD4, their y and z in two more,
/// so the wide contact solve does four pairs' arithmetic in one instruction each.
struct VectorLanes {
    var x: SIMD4<Float>
    var y: SIMD4<Float>
    var z: SIMD4<Float>

    @inline(__always)
    init(x: SIMD4<Float>, y: SIMD4<Float>, z: SIMD4<Float>) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The same vector in every lane.
    @inline(__always)
    init(_ vector: SIMD3<Float>) {
        self.init(x: SIMD4(repeating: vector.x), y: SIMD4(repeating: vector.y), z: SIMD4(repeating: vector.z))
    }

    /// Four of the CPU engine's vectors, one a lane.
    @inline(__always)
    init(_ a: Vector, _ b: Vector, _ c: Vector, _ d: Vector) {
        let lanes = fast_transpose(a, b, c, d)
        self.init(x: lanes.x, y: lanes.y, z: lanes.z)
    }

    /// Each lane as one of the CPU engine's vectors.
    @inline(__always)
    var vectors: (Vector, Vector, Vector, Vector) {
        let vectors = fast_transpose_back(x, y, z)
        return (vectors.x, vectors.y, vectors.z, vectors.w)
    }

    @inline(__always)
    subscript(lane: Int) -> SIMD3<Float> { SIMD3(x[lane], y[lane], z[lane]) }

    @inline(__always)
    func dot(_ other: VectorLanes) -> SIMD4<Float> { x * other.x + y * other.y + z * other.z }

    /// Kept in the lanes of `mask`, zero in the others.
    @inline(__always)
    func kept(where mask: SIMDMask<SIMD4<Int32>>) -> VectorLanes {
        VectorLanes(x: select(mask, x, .zero), y: select(mask, y, .zero), z: select(mask, z, .zero))
    }

    @inline(__always)
    static func + (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }

    @inline(__always)
    static func - (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }

    @inline(__always)
    static func * (a: VectorLanes, s: SIMD4<Float>) -> VectorLanes { VectorLanes(x: a.x * s, y: a.y * s, z: a.z * s) }
}

/// `chosen` in the lanes of `mask`, `other` in the rest, by the bits: SIMD's
/// `replacing(with:where:)` compiles to a branch a lane, which the contact solve cannot afford.
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int32>>, _ chosen: SIMD4<Float>, _ other: SIMD4<Float>) -> SIMD4<Float> {
    let bits = unsafeBitCast(mask, to: SIMD4<Int32>.self)
    let picked = (unsafeBitCast(chosen, to: SIMD4<Int32>.self) & bits) | (unsafeBitCast(other, to: SIMD4<Int32>.self) & ~bits)
    return unsafeBitCast(picked, to: SIMD4<Float>.self)
}

/// `fast_inverse_square_root4` in Swift's terms.
@inline(__always)
func fastInverseSquareRoot(_ x: SIMD4<Float>) -> SIMD4<Float> {
    fast_inverse_square_root4(x)
}
