/// The fields of the grains, as plain pointers a substep's jobs read (GrainArrays owns them).
struct GrainPointers {
    let count: Int
    /// Where each grain is; the fourth lane is 0, but for the contact solve's mark on a grain
    /// that touched another this substep (ContactSolve), which finishing the substep reads and clears.
    var position: UnsafeMutablePointer<Vector>
    /// Where each grain stood when the substep began: friction and velocity are measured from it.
    var start: UnsafeMutablePointer<Vector>
    var velocity: UnsafeMutablePointer<Vector>
    var radius: UnsafeMutablePointer<Float>
    /// Where each grain stood when the candidate pairs were last listed.
    let listedAt: UnsafeMutablePointer<Vector>
    /// Whether a grain was close enough to the wall, when the pairs were listed, to reach it
    /// before the next listing; the others skip the wall test.
    let nearWall: UnsafeMutablePointer<Bool>
    /// The wall near each grain that is near it, as a line through where the listing or the
    /// substep's prediction left the grain (GlassCollider.wallLine), in the same order.
    let wallLine: UnsafeMutablePointer<SIMD2<Float>>
    var identity: UnsafeMutablePointer<Int32>
}

/// The CPU engine's grains as a structure of arrays in raw storage sized at load, kept in the
/// neighbour grid's cell order (ContactCandidates sorts them) so that grains near each other sit
/// near each other in memory. `identity` remembers where each grain was loaded, so the grains
/// are read back in their own order, whatever the sort did.
final class GrainArrays {
    private(set) var pointers: GrainPointers
    /// Second copies of the fields that are reordered, swapped with the first by `reorder`.
    private var spare: (position: UnsafeMutablePointer<Vector>, start: UnsafeMutablePointer<Vector>, velocity: UnsafeMutablePointer<Vector>,
                        radius: UnsafeMutablePointer<Float>, identity: UnsafeMutablePointer<Int32>)

    init(_ grains: [Grain]) {
        let count = grains.count
        func vectors(_ value: (Int) -> SIMD3<Float>) -> UnsafeMutablePointer<Vector> {
            let pointer = UnsafeMutablePointer<Vector>.allocate(capacity: max(count, 1))
            for index in 0..<count { (pointer + index).initialize(to: Vector(value(index), 0)) }
            return pointer
        }
        func scalars<T>(_ value: (Int) -> T) -> UnsafeMutablePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
            for index in 0..<count { (pointer + index).initialize(to: value(index)) }
            return pointer
        }
        pointers = GrainPointers(
            count: count,
            position: vectors { grains[$0].position },
            start: vectors { grains[$0].position },
            velocity: vectors { grains[$0].velocity },
            radius: scalars { grains[$0].radius },
            listedAt: vectors { grains[$0].position },
            nearWall: scalars { _ in true },
            wallLine: scalars { _ in .zero },
            identity: scalars { Int32($0) })
        spare = (vectors { _ in .zero }, vectors { _ in .zero }, vectors { _ in .zero }, scalars { _ in 0 }, scalars { _ in 0 })
    }

    deinit {
        for pointer in [pointers.position, pointers.start, pointers.velocity, pointers.listedAt, spare.position, spare.start, spare.velocity] {
            pointer.deallocate()
        }
        pointers.radius.deallocate()
        spare.radius.deallocate()
        pointers.nearWall.deallocate()
        pointers.wallLine.deallocate()
        pointers.identity.deallocate()
        spare.identity.deallocate()
    }

    /// Puts grain `order[k]` at place k, for every field that the rest of the substep reads.
    func reorder(_ order: UnsafePointer<Int32>) {
        var grains = pointers
        for k in 0..<grains.count {
            let from = Int(order[k])
            spare.position[k] = grains.position[from]
            spare.start[k] = grains.start[from]
            spare.velocity[k] = grains.velocity[from]
            spare.radius[k] = grains.radius[from]
            spare.identity[k] = grains.identity[from]
        }
        swap(&grains.position, &spare.position)
        swap(&grains.start, &spare.start)
        swap(&grains.velocity, &spare.velocity)
        swap(&grains.radius, &spare.radius)
        swap(&grains.identity, &spare.identity)
        pointers = grains
    }

    /// The grains in the order they were loaded.
    func read() -> [Grain] {
        let grains = pointers
        var result = [Grain](repeating: Grain(position: .zero, radius: 0), count: grains.count)
        for k in 0..<grains.count {
            result[Int(grains.identity[k])] = Grain(position: grains.position[k].xyz, radius: grains.radius[k], velocity: grains.velocity[k].xyz)
        }
        return result
    }
}
