/// The pairs of grains that may touch before the grains next move far (a Verlet list): each grain
/// lists the grains within two radii plus a skin that come after it in the neighbour grid's cell
/// order. Listing sorts the grains by cell (count, prefix sum, scatter), reorders them so, and
/// looks through the 13 cells ahead of each grain's own. The list holds while no grain has moved
/// more than half the skin from where it was listed (`CPUEngine.mayMissPairs`).
///
/// A pair's grains lie in the same layer of cells along z or in adjacent ones, the later grain
/// in the later layer, so the pairs of every other layer share no grain: the contact solve runs
/// the even layers on all threads at once, then the odd ones (ContactSolve).
struct CandidatePointers {
    let grid: NeighbourGrid
    /// Where each cell's grains begin in the sorted order; one entry more than there are cells.
    let cellStarts: UnsafeMutablePointer<Int32>
    let neighbours: UnsafeMutablePointer<Int32>
    let neighbourCounts: UnsafeMutablePointer<Int32>
    /// Room for this many neighbours a grain.
    let stride: Int
    /// Two grains closer than their radii plus this are listed.
    let skin: Float
    /// Set by a chunk that found a grain with more neighbours than `stride`.
    let overflowed: UnsafeMutablePointer<Bool>

    var cellsPerLayer: Int { Int(grid.dimensions.x) * Int(grid.dimensions.y) }
    var layers: Int { Int(grid.dimensions.z) }

    func grains(inLayer layer: Int) -> Range<Int> {
        Int(cellStarts[layer * cellsPerLayer])..<Int(cellStarts[(layer + 1) * cellsPerLayer])
    }
}

final class ContactCandidates {
    private(set) var pointers: CandidatePointers
    private let cellOf: UnsafeMutablePointer<Int32>
    private let order: UnsafeMutablePointer<Int32>
    private let count: Int
    private let overflowFlags: Int

    /// Neighbours within the skin of a grain in a packed pile, ahead of it in cell order: about
    /// 8 at a skin of half a diameter; room for twice that before `grow`, in one cache line.
    static let initialStride = 16

    init(profile: HourglassProfile, largestRadius: Float, count: Int, chunks: Int) {
        let skin = 2 * largestRadius * PhysicsConstants.cpuListSkinDiameters
        let grid = NeighbourGrid(profile: profile, reach: 2 * largestRadius + skin)
        self.count = count
        overflowFlags = chunks
        cellOf = .allocate(capacity: max(count, 1))
        order = .allocate(capacity: max(count, 1))
        let cellStarts = UnsafeMutablePointer<Int32>.allocate(capacity: grid.cellCount + 1)
        cellStarts.initialize(repeating: 0, count: grid.cellCount + 1)
        let overflowed = UnsafeMutablePointer<Bool>.allocate(capacity: chunks)
        overflowed.initialize(repeating: false, count: chunks)
        pointers = CandidatePointers(grid: grid, cellStarts: cellStarts, neighbours: Self.neighbourStorage(count: count, stride: Self.initialStride),
                                     neighbourCounts: .allocate(capacity: max(count, 1)), stride: Self.initialStride, skin: skin, overflowed: overflowed)
    }

    deinit {
        cellOf.deallocate()
        order.deallocate()
        pointers.cellStarts.deallocate()
        pointers.neighbours.deallocate()
        pointers.neighbourCounts.deallocate()
        pointers.overflowed.deallocate()
    }

    private static func neighbourStorage(count: Int, stride: Int) -> UnsafeMutablePointer<Int32> {
        .allocate(capacity: max(count, 1) * stride)
    }

    /// Sorts the grains by cell, stably, and reorders `grains` so.
    func sort(_ grains: GrainArrays) {
        let grid = pointers.grid, starts = pointers.cellStarts, cellCount = grid.cellCount
        let position = grains.pointers.position
        starts.update(repeating: 0, count: cellCount + 1)
        for k in 0..<count {
            let cell = Int32(truncatingIfNeeded: grid.index(of: grid.cell(of: position[k])))
            cellOf[k] = cell
            starts[Int(cell) + 1] += 1
        }
        for cell in 0..<cellCount { starts[cell + 1] += starts[cell] }
        // Entry c + 1 is now where cell c ends. Scatter from the back, moving it down to the
        // cell's first grain (grains keep their order within a cell), then shift the entries so
        // entry c is where cell c begins.
        for k in stride(from: count - 1, through: 0, by: -1) {
            let slot = Int(cellOf[k]) + 1
            starts[slot] -= 1
            order[Int(starts[slot])] = Int32(truncatingIfNeeded: k)
        }
        (starts).update(from: starts + 1, count: cellCount)
        starts[cellCount] = Int32(truncatingIfNeeded: count)
        grains.reorder(order)
    }

    /// After a chunk overflowed: twice the room, to be listed again.
    func grow() {
        let stride = pointers.stride * 2
        pointers.neighbours.deallocate()
        pointers = CandidatePointers(grid: pointers.grid, cellStarts: pointers.cellStarts, neighbours: Self.neighbourStorage(count: count, stride: stride),
                                     neighbourCounts: pointers.neighbourCounts, stride: stride, skin: pointers.skin, overflowed: pointers.overflowed)
    }

    /// Whether any chunk's listing ran out of room (and clears the flags).
    func takeOverflow() -> Bool {
        var any = false
        for chunk in 0..<overflowFlags {
            any = any || pointers.overflowed[chunk]
            pointers.overflowed[chunk] = false
        }
        return any
    }
}

extension CandidatePointers {
    /// Offsets of the 13 cells after a cell in the grid's order (x fastest, then y, then z).
    private static func forwardOffset(_ index: Int) -> SIMD3<Int32> {
        // Index 0–8: the next layer's 3×3; 9–11: the next row's 3; 12: the next cell in the row.
        switch index {
        case 0..<9: SIMD3(Int32(index % 3) - 1, Int32(index / 3) - 1, 1)
        case 9..<12: SIMD3(Int32(index - 9) - 1, 1, 0)
        default: SIMD3(1, 0, 0)
        }
    }

    /// Lists the neighbours of the sorted grains `range`, notes where they stand and whether they
    /// are near the wall.
    func list(_ range: Range<Int>, grains: GrainPointers, collider: GlassCollider, chunk: Int) {
        let dimensions = grid.dimensions
        for i in range {
            let p = grains.position[i], r = grains.radius[i]
            grains.listedAt[i] = p
            grains.nearWall[i] = collider.mayReachWall(p, radius: r, reach: skin / 2)
            let cell = grid.cell(of: p)
            let row = neighbours + i * stride
            var found = 0
            // Nearest first: the solve's test for a touching pair then comes out true, true, …,
            // false, false, a pattern branch prediction learns, rather than at random.
            func consider(_ j: Int) {
                let gap = gapTo(p, r, j)
                guard gap < skin else { return }
                guard found < stride else { overflowed[chunk] = true; return }
                var slot = found
                while slot > 0, gapTo(p, r, Int(row[slot - 1])) > gap {
                    row[slot] = row[slot - 1]
                    slot -= 1
                }
                row[slot] = Int32(truncatingIfNeeded: j)
                found += 1
            }
            func gapTo(_ p: SIMD3<Float>, _ r: Float, _ j: Int) -> Float {
                let delta = p - grains.position[j]
                return (delta * delta).sum().squareRoot() - r - grains.radius[j]
            }
            for j in (i + 1)..<Int(cellStarts[grid.index(of: cell) + 1]) { consider(j) }
            for offset in 0..<13 {
                let other = cell &+ Self.forwardOffset(offset)
                guard other.x >= 0, other.y >= 0, other.x < dimensions.x, other.y < dimensions.y, other.z < dimensions.z else { continue }
                let index = grid.index(of: other)
                for j in Int(cellStarts[index])..<Int(cellStarts[index + 1]) { consider(j) }
            }
            neighbourCounts[i] = Int32(truncatingIfNeeded: min(found, stride))
        }
    }
}
