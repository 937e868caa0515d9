/// Listing a grain's candidates: the grains ahead of it in its own cell, then the 13 cells ahead
/// of its cell in the grid's order (the next layer's 3×3 row by row, the next row's 3, the next
/// cell). Cells along x are numbered one after another, so each row of three is one run of the
/// sorted grains, read four at a time and without a branch on whether each is near enough.
extension CandidatePointers {
    /// Lists the neighbours of the sorted grains `range`, notes where they stand and whether
    /// they are near the wall.
    func list(_ range: Range<Int>, grains: GrainPointers, collider: GlassCollider, chunk: Int) {
        let dimensions = grid.dimensions
        let found = self.found + chunk * (stride + 1)
        for i in range {
            let p = grains.position[i], r = grains.radius[i]
            grains.listedAt[i] = p
            grains.nearWall[i] = collider.mayReachWall(p.xyz, radius: r, reach: skin / 2)
            if grains.nearWall[i] { grains.wallLine[i] = collider.wallLine(at: p.y) }
            let cell = grid.cell(of: p.xyz)
            var count = 0
            func run(from first: SIMD3<Int32>, to last: SIMD3<Int32>) {
                gather(Int(cellStarts[grid.index(of: first)])..<Int(cellStarts[grid.index(of: last) + 1]), around: p, radius: r,
                       grains: grains, into: found, count: &count)
            }
            gather((i + 1)..<Int(cellStarts[grid.index(of: cell) + 1]), around: p, radius: r, grains: grains, into: found, count: &count)
            let low = max(cell.x - 1, 0), high = min(cell.x + 1, dimensions.x - 1)
            if cell.z + 1 < dimensions.z {
                for y in max(cell.y - 1, 0)...min(cell.y + 1, dimensions.y - 1) {
                    run(from: SIMD3(low, y, cell.z + 1), to: SIMD3(high, y, cell.z + 1))
                }
            }
            if cell.y + 1 < dimensions.y { run(from: SIMD3(low, cell.y + 1, cell.z), to: SIMD3(high, cell.y + 1, cell.z)) }
            if cell.x + 1 < dimensions.x { run(from: cell &+ SIMD3(1, 0, 0), to: cell &+ SIMD3(1, 0, 0)) }
            if count > stride { overflowed[chunk] = true }
            let listed = min(count, stride)
            let row = neighbours + i * stride
            for slot in 0..<listed { row[slot] = found[slot] }
            neighbourCounts[i] = Int32(truncatingIfNeeded: listed)
        }
    }

    /// Appends the grains of `run` whose gap to the grain at `p` is under the skin, four at a
    /// time: each is written and counted only if near, so no branch depends on it. Past `stride`
    /// they overwrite the last slot (the listing has overflowed by then).
    @inline(__always)
    private func gather(_ run: Range<Int>, around p: Vector, radius: Float, grains: GrainPointers,
                        into found: UnsafeMutablePointer<Int32>, count: inout Int) {
        guard !run.isEmpty else { return }
        let last = run.upperBound - 1
        var base = run.lowerBound
        while base <= last {
            let j0 = base, j1 = min(base + 1, last), j2 = min(base + 2, last), j3 = min(base + 3, last)
            let q0 = grains.position[j0], q1 = grains.position[j1], q2 = grains.position[j2], q3 = grains.position[j3]
            let dx = SIMD4(repeating: p.x) - SIMD4(q0.x, q1.x, q2.x, q3.x)
            let dy = SIMD4(repeating: p.y) - SIMD4(q0.y, q1.y, q2.y, q3.y)
            let dz = SIMD4(repeating: p.z) - SIMD4(q0.z, q1.z, q2.z, q3.z)
            let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
            let gap = distance - radius - SIMD4(grains.radius[j0], grains.radius[j1], grains.radius[j2], grains.radius[j3])
            let near = (gap .< skin) .& (SIMD4<Int32>(0, 1, 2, 3) .<= SIMD4(repeating: Int32(truncatingIfNeeded: last - base)))
            let counts = unsafeBitCast(near, to: SIMD4<Int32>.self)
            for lane in 0..<4 {
                found[min(count, stride)] = Int32(truncatingIfNeeded: base + lane)
                count &-= Int(counts[lane])
            }
            base += 4
        }
    }
}
