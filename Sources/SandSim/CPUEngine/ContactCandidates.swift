/// The pairs of grains that may touch before the grains next move far (a Verlet list): each grain
/// lists the grains within two radii plus a skin that come after it in the neighbour grid's cell
/// order. Listing sorts the grains by cell (count, prefix sum, scatter), reorders them so, and
/// looks through the 13 cells ahead of each grain's own. The list holds while no grain has moved
/// more than half the skin from where it was listed (`CPUEngine.mayMissPairs`).
///
/// A pair's grains lie in the same layer of cells along z or in adjacent ones, the later grain
/// in the later layer, so the pairs of every other layer share no grain: the contact solve runs
/// the even layers on all threads at once, then the odd ones (ContactSolve), the largest of each
/// parity first, so the threads run out of work at nearly the same time. Within a layer the
/// pairs are coloured when they are listed (PairColouring), so that eight of one colour at a
/// time can be solved side by side.
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
    /// Per chunk, room for `stride + 1` neighbours found, one more than a row keeps.
    let found: UnsafeMutablePointer<Int32>
    /// The even layers, most grains first, then the odd ones so.
    let layerOrder: UnsafeMutablePointer<Int32>
    /// The listed pairs of each layer by colour, as the solve takes them.
    let colouring: PairColouring

    var cellsPerLayer: Int { Int(grid.dimensions.x) * Int(grid.dimensions.y) }
    var layers: Int { Int(grid.dimensions.z) }
    var evenLayers: Int { (layers + 1) / 2 }

    /// The `n`th layer of `parity` to solve, or nil past the last.
    func layer(_ n: Int, parity: Int) -> Int? {
        let first = parity == 0 ? 0 : evenLayers, end = parity == 0 ? evenLayers : layers
        return first + n < end ? Int(layerOrder[first + n]) : nil
    }

    func grains(inLayer layer: Int) -> Range<Int> {
        Int(cellStarts[layer * cellsPerLayer])..<Int(cellStarts[(layer + 1) * cellsPerLayer])
    }
}

final class ContactCandidates {
    private(set) var pointers: CandidatePointers
    private let cellOf: UnsafeMutablePointer<Int32>
    private let order: UnsafeMutablePointer<Int32>
    private let count: Int
    private let chunks: Int

    /// Neighbours within the skin of a grain in a packed pile, ahead of it in cell order: about
    /// 6 at a skin of 0.4 diameters; room for more than twice that before `grow`, in one cache
    /// line.
    static let initialStride = 16

    init(profile: HourglassProfile, largestRadius: Float, count: Int, chunks: Int) {
        let skin = 2 * largestRadius * PhysicsConstants.cpuListSkinDiameters
        let grid = NeighbourGrid(profile: profile, reach: 2 * largestRadius + skin)
        self.count = count
        self.chunks = chunks
        cellOf = .allocate(capacity: max(count, 1))
        order = .allocate(capacity: max(count, 1))
        let cellStarts = UnsafeMutablePointer<Int32>.allocate(capacity: grid.cellCount + 1)
        cellStarts.initialize(repeating: 0, count: grid.cellCount + 1)
        let overflowed = UnsafeMutablePointer<Bool>.allocate(capacity: chunks)
        overflowed.initialize(repeating: false, count: chunks)
        pointers = CandidatePointers(grid: grid, cellStarts: cellStarts, neighbours: Self.neighbourStorage(count: count, stride: Self.initialStride),
                                     neighbourCounts: .allocate(capacity: max(count, 1)), stride: Self.initialStride, skin: skin, overflowed: overflowed,
                                     found: .allocate(capacity: chunks * (Self.initialStride + 1)), layerOrder: .allocate(capacity: Int(grid.dimensions.z)),
                                     colouring: PairColouring(count: count, stride: Self.initialStride, layers: Int(grid.dimensions.z)))
    }

    deinit {
        cellOf.deallocate()
        order.deallocate()
        pointers.cellStarts.deallocate()
        pointers.neighbours.deallocate()
        pointers.neighbourCounts.deallocate()
        pointers.overflowed.deallocate()
        pointers.found.deallocate()
        pointers.layerOrder.deallocate()
        pointers.colouring.deallocate()
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
            let cell = Int32(truncatingIfNeeded: grid.index(of: grid.cell(of: position[k].xyz)))
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
        orderLayers()
    }

    private func orderLayers() {
        let candidates = pointers, order = candidates.layerOrder
        let evens = candidates.evenLayers
        for layer in 0..<candidates.layers {
            order[layer % 2 == 0 ? layer / 2 : evens + layer / 2] = Int32(truncatingIfNeeded: layer)
        }
        func sortBySize(_ first: Int, _ end: Int) {
            guard end - first > 1 else { return }
            for next in (first + 1)..<end {
                let layer = order[next], size = candidates.grains(inLayer: Int(layer)).count
                var slot = next
                while slot > first, candidates.grains(inLayer: Int(order[slot - 1])).count < size {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = layer
            }
        }
        sortBySize(0, evens)
        sortBySize(evens, candidates.layers)
    }

    /// After a chunk overflowed: twice the room, to be listed again.
    func grow() {
        let stride = pointers.stride * 2
        pointers.neighbours.deallocate()
        pointers.found.deallocate()
        pointers.colouring.deallocate()
        pointers = CandidatePointers(grid: pointers.grid, cellStarts: pointers.cellStarts, neighbours: Self.neighbourStorage(count: count, stride: stride),
                                     neighbourCounts: pointers.neighbourCounts, stride: stride, skin: pointers.skin, overflowed: pointers.overflowed,
                                     found: .allocate(capacity: chunks * (stride + 1)), layerOrder: pointers.layerOrder,
                                     colouring: PairColouring(count: count, stride: stride, layers: pointers.layers))
    }

    /// Whether any chunk's listing ran out of room (and clears the flags).
    func takeOverflow() -> Bool {
        var any = false
        for chunk in 0..<chunks {
            any = any || pointers.overflowed[chunk]
            pointers.overflowed[chunk] = false
        }
        return any
    }
}

