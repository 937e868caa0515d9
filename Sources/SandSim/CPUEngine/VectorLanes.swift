import CFastMath

/// Eight 3D vectors side by side, one a lane: their x in one SIMD8, their y and z in two more,
/// so the wide contact solve does eight pairs' arithmetic in one instruction each (with AVX).
struct VectorLanes {
    typealias Lanes = SIMD8<Float>
    /// Every bit set in the lanes where something holds, none in the others (fast_less8).
    typealias Mask = SIMD8<Int32>

    var x: Lanes
    var y: Lanes
    var z: Lanes

    @inline(__always)
    init(x: Lanes, y: Lanes, z: Lanes) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The same vector in every lane.
    @inline(__always)
    init(_ vector: SIMD3<Float>) {
        self.init(x: Lanes(repeating: vector.x), y: Lanes(repeating: vector.y), z: Lanes(repeating: vector.z))
    }

    /// Eight of the CPU engine's vectors, one a lane.
    @inline(__always)
    init(_ vectors: Eight<Vector>) {
        self.init(x: transpose(vectors, row: 0), y: transpose(vectors, row: 1), z: transpose(vectors, row: 2))
    }

    /// Each lane as one of the CPU engine's vectors, with `w` as its fourth component.
    @inline(__always)
    func vectors(w: Lanes) -> Eight<Vector> {
        let v = fast_transpose8_back(x, y, z, w)
        return (v.v0, v.v1, v.v2, v.v3, v.v4, v.v5, v.v6, v.v7)
    }

    @inline(__always)
    subscript(lane: Int) -> SIMD3<Float> { SIMD3(x[lane], y[lane], z[lane]) }

    @inline(__always)
    func dot(_ other: VectorLanes) -> Lanes { x * other.x + y * other.y + z * other.z }

    /// Kept in the lanes of `mask`, zero in the others.
    @inline(__always)
    func kept(where mask: Mask) -> VectorLanes {
        VectorLanes(x: select(mask, x, .zero), y: select(mask, y, .zero), z: select(mask, z, .zero))
    }

    @inline(__always)
    static func - (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }

    @inline(__always)
    static func * (a: VectorLanes, s: Lanes) -> VectorLanes { VectorLanes(x: a.x * s, y: a.y * s, z: a.z * s) }

    @inline(__always)
    static func + (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }

    @inline(__always)
    static func / (a: VectorLanes, s: Lanes) -> VectorLanes { VectorLanes(x: a.x / s, y: a.y / s, z: a.z / s) }

    /// `chosen` in the lanes of `mask`, `other` in the rest.
    @inline(__always)
    static func blend(_ mask: Mask, _ chosen: VectorLanes, _ other: VectorLanes) -> VectorLanes {
        VectorLanes(x: select(mask, chosen.x, other.x), y: select(mask, chosen.y, other.y), z: select(mask, chosen.z, other.z))
    }
}

/// `chosen` in the lanes of `mask`, `other` in the rest, by the bits: SIMD's
/// `replacing(with:where:)` compiles to a branch a lane, which the contact solve cannot afford.
@inline(__always)
func select(_ mask: VectorLanes.Mask, _ chosen: VectorLanes.Lanes, _ other: VectorLanes.Lanes) -> VectorLanes.Lanes {
    let picked = (unsafeBitCast(chosen, to: SIMD8<Int32>.self) & mask) | (unsafeBitCast(other, to: SIMD8<Int32>.self) & ~mask)
    return unsafeBitCast(picked, to: VectorLanes.Lanes.self)
}

/// The lanes where `a < b`.
@inline(__always)
func less(_ a: VectorLanes.Lanes, _ b: VectorLanes.Lanes) -> VectorLanes.Mask {
    fast_less8(a, b)
}

/// Lane by lane what `Swift.max(a, b)` gives (`b` where `b >= a`), inlined: the standard
/// library's `pointwiseMax` is a call here.
@inline(__always)
func maximum(_ a: VectorLanes.Lanes, _ b: VectorLanes.Lanes) -> VectorLanes.Lanes {
    select(lessOrEqual(a, b), b, a)
}

/// Lane by lane what `Swift.min(a, b)` gives (`b` where `b < a`).
@inline(__always)
func minimum(_ a: VectorLanes.Lanes, _ b: VectorLanes.Lanes) -> VectorLanes.Lanes {
    select(less(b, a), b, a)
}

/// The lanes where `a <= b` (none where either is not a number).
@inline(__always)
func lessOrEqual(_ a: VectorLanes.Lanes, _ b: VectorLanes.Lanes) -> VectorLanes.Mask {
    fast_less_equal8(a, b)
}

/// Every lane of `mask` where `condition` holds, none where it does not.
@inline(__always)
func all(_ condition: Bool) -> VectorLanes.Mask {
    VectorLanes.Mask(repeating: condition ? -1 : 0)
}

/// Whether any lane is set.
@inline(__always)
func any(_ mask: VectorLanes.Mask) -> Bool {
    fast_any8(mask) != 0
}

/// Eight vectors' x, y, z or w (`row` 0 to 3) in one SIMD8.
@inline(__always)
func transpose(_ v: Eight<Vector>, row: Int32) -> VectorLanes.Lanes {
    fast_transpose8(row, v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7)
}

/// `fast_inverse_square_root8` in Swift's terms.
@inline(__always)
func fastInverseSquareRoot(_ x: VectorLanes.Lanes) -> VectorLanes.Lanes {
    fast_inverse_square_root8(x)
}
