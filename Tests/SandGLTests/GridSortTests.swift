import Foundation
@testable import SandGL
import SandSim
import GLSupport
import Testing

@Suite("Grid sort (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct GridSortTests {
    @Test("the prefix sum matches a running total, across one, two and three levels of blocks", arguments: [1, 1_023, 1_024, 1_025, 300_000, 1_048_581])
    func prefixSum(count: Int) throws {
        let context = try HeadlessContext()
        _ = context
        var random = SeededRandom(seed: UInt64(count))
        let values = (0..<count).map { _ in UInt32(random.next() % 7) }
        let input = StorageBuffer(), output = StorageBuffer()
        input.upload(values)
        output.allocate(byteCount: count * 4)
        let sum = try PrefixSum(shaders: GLFixture.shaders)
        sum.reserve(capacity: count)
        sum.scan(input, into: output, count: count)
        let result = output.read(UInt32.self, count: count)
        var running: UInt32 = 0
        var firstWrong: Int?
        for index in 0..<count {
            if result[index] != running, firstWrong == nil { firstWrong = index }
            running &+= values[index]
        }
        #expect(firstWrong == nil, "first wrong sum at \(firstWrong ?? -1) of \(count)")
    }

    /// Grains everywhere in and just outside the glass, in a grid of ordinary cells and in one
    /// of over a million (three levels of prefix sum).
    @Test("every cell's range holds exactly the grains in that cell", arguments: [0.02, 0.001] as [Float])
    func cellsHoldTheirGrains(radius: Float) throws {
        let context = try HeadlessContext()
        _ = context
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
        let grid = NeighbourGrid(profile: profile, largestGrainRadius: radius)
        var random = SeededRandom(seed: 7)
        let grains = (0..<5_000).map { _ in
            Grain(position: [Float.random(in: -0.3...0.3, using: &random), Float.random(in: -0.6...0.6, using: &random), Float.random(in: -0.3...0.3, using: &random)], radius: radius)
        }
        let particles = StorageBuffer()
        particles.upload(grains)
        let sort = try GridSort(shaders: GLFixture.shaders)
        sort.configure(grid: grid, grainCount: grains.count, readers: [])
        sort.sort(particles)
        let counts = sort.cellCounts.read(UInt32.self, count: grid.cellCount)
        let starts = sort.cellStarts.read(UInt32.self, count: grid.cellCount)
        let sorted = sort.sortedGrains.read(UInt32.self, count: grains.count)
        let distinct = Set(sorted)
        #expect(distinct.count == grains.count && distinct.allSatisfy { $0 < grains.count }, "sortedGrains is not a permutation of the grains")
        var expectedCounts = [UInt32](repeating: 0, count: grid.cellCount)
        for grain in grains { expectedCounts[grid.index(of: grid.cell(of: grain.position))] += 1 }
        #expect(zip(counts, expectedCounts).filter { $0.0 != $0.1 }.count == 0, "cells whose count is wrong")
        var misplaced = 0, wrongStarts = 0, start: UInt32 = 0
        for cell in 0..<grid.cellCount {
            if starts[cell] != start { wrongStarts += 1 }
            for k in Int(start)..<Int(start + counts[cell]) where grid.index(of: grid.cell(of: grains[Int(sorted[k])].position)) != cell {
                misplaced += 1
            }
            start += counts[cell]
        }
        #expect(wrongStarts == 0)
        #expect(misplaced == 0)
    }

    /// Overlapping pairs, far apart from each other, at random places and angles, so many
    /// straddle a cell boundary. One substep without gravity or velocity must push both grains
    /// of every pair apart by half their overlap each: a pair the grid missed stays put.
    @Test("a substep through the grid resolves every touching pair, across cell boundaries")
    func gridFindsEveryContact() throws {
        let gl = try GLFixture()
        let r = GLFixture.profile.grainRadius
        var random = SeededRandom(seed: 3)
        var grains: [Grain] = []
        let columns: [(Float, Float)] = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
        for y: Float in [-0.38, -0.27, -0.16, 0.16, 0.27, 0.38] {
            for (x, z) in columns {
                let jitter = SIMD3(Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random))
                let centre = SIMD3<Float>(x * 5 * r, y, z * 5 * r) + jitter * 0.5 * r
                var direction = SIMD3(Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random))
                direction /= (direction * direction).sum().squareRoot()
                let half = direction * Float.random(in: 0.6...0.95, using: &random) * r
                grains += [Grain(position: centre + half, radius: r), Grain(position: centre - half, radius: r)]
            }
        }
        try gl.load(grains)
        gl.engine.substeps = 1
        gl.engine.step(frameDt: 0.001, angle: 0, parameters: SimulationParameters(gravity: 0, neckDamping: 0))
        let stepped = gl.engine.readGrains()
        var worst: Float = 0
        for pair in stride(from: 0, to: grains.count, by: 2) {
            let delta = grains[pair].position - grains[pair + 1].position
            let distance = (delta * delta).sum().squareRoot()
            // Half the overlap to each side: the grain solved first takes half, the other the rest.
            let push = delta / distance * ((2 * r - distance) * PhysicsConstants.contactShare)
            for (index, expected) in [(pair, grains[pair].position + push), (pair + 1, grains[pair + 1].position - push)] {
                let error = stepped[index].position - expected
                worst = max(worst, (error * error).sum().squareRoot())
            }
        }
        let grid = NeighbourGrid(profile: GLFixture.profile, largestGrainRadius: r)
        let straddling = stride(from: 0, to: grains.count, by: 2).filter { grid.cell(of: grains[$0].position) != grid.cell(of: grains[$0 + 1].position) }
        #expect(straddling.count > grains.count / 4)
        #expect(worst < 1e-6)
    }
}
