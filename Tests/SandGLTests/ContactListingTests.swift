import Foundation
@testable import SandGL
import SandSim
import CEpoxy
import GLSupport
import Testing

@Suite("Contact listing (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct ContactListingTests {
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

    /// Grains everywhere in and just outside the glass, in a grid of ordinary cells, in one of
    /// over a million (three levels of prefix sum), and so crowded that most have more
    /// neighbours within reach than a list holds (the nearest kept).
    @Test("a sort puts the grains in cell order and lists every neighbour within reach, nearest first", arguments: [0.02, 0.001, 0.04] as [Float])
    func listsHoldTheirNeighbours(radius: Float) throws {
        let context = try HeadlessContext()
        _ = context
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
        let reach = ContactListReach(largestRadius: radius)
        let grid = NeighbourGrid(profile: profile, reach: reach.reach)
        var random = SeededRandom(seed: 7)
        let grains = (0..<5_000).map { _ in
            Grain(position: [Float.random(in: -0.3...0.3, using: &random), Float.random(in: -0.6...0.6, using: &random), Float.random(in: -0.3...0.3, using: &random)], radius: radius)
        }
        let state = BufferTexture(format: GL_RGBA32F)
        state.upload(grains)
        let listing = try ContactListing(shaders: GLFixture.shaders)
        listing.configure(grid: grid, reach: reach, grainCount: grains.count)
        listing.sortIfArmed(grains: state)
        #expect(listing.sortCount() == 1)
        let sorted = state.buffer.read(Grain.self, count: grains.count)
        let ids = listing.ids.buffer.read(UInt32.self, count: grains.count).map(Int.init)
        #expect(Set(ids).count == grains.count && ids.allSatisfy { $0 < grains.count }, "the order is not a permutation of the grains")
        #expect(zip(ids, sorted).allSatisfy { grains[$0.0] == $0.1 }, "a place holds another grain's data than its id says")
        let cells = sorted.map { grid.index(of: grid.cell(of: $0.position)) }
        #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.0 <= $0.1 }, "the grains are not in cell order")

        let stride = PhysicsConstants.contactListSlots + 1
        let lists = listing.contacts.buffer.read(UInt32.self, count: grains.count * stride)
        let byCell = Dictionary(grouping: sorted.indices) { grid.cell(of: sorted[$0].position) }
        var wrongLists = 0, listed = 0, overfull = 0
        for k in sorted.indices {
            let gap = { (j: Int) -> Float in
                let delta = sorted[k].position - sorted[j].position
                return (delta * delta).sum().squareRoot() - 2 * radius
            }
            let home = grid.cell(of: sorted[k].position)
            let around = (0..<27).flatMap { (offset: Int) -> [Int] in
                let step = SIMD3<Int32>(Int32(offset % 3 - 1), Int32(offset / 3 % 3 - 1), Int32(offset / 9 - 1))
                return byCell[home &+ step] ?? []
            }
            let within = around.filter { $0 != k && gap($0) < reach.skin }
                .sorted { (gap($0), ids[$0]) < (gap($1), ids[$1]) }
            let list = (0..<Int(lists[k])).map { Int(lists[grains.count * ($0 + 1) + k]) }
            if list != Array(within.prefix(PhysicsConstants.contactListSlots)) { wrongLists += 1 }
            if within.count > PhysicsConstants.contactListSlots { overfull += 1 }
            listed += list.count
        }
        #expect(wrongLists == 0, "grains whose list is not their nearest neighbours within reach")
        #expect(radius < 0.01 || listed > grains.count, "the test should list many neighbours at this size")
        #expect(radius < 0.03 || overfull > grains.count / 2, "the test should crowd most lists at this size")
    }

    /// A sort that is not armed must do nothing: the solve arms it only when a grain moved far.
    @Test("a sort runs only when armed")
    func sortOnlyWhenArmed() throws {
        let context = try HeadlessContext()
        _ = context
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
        let reach = ContactListReach(largestRadius: profile.grainRadius)
        let state = BufferTexture(format: GL_RGBA32F)
        state.upload([Grain(position: [0, -0.2, 0], radius: profile.grainRadius), Grain(position: [0, -0.3, 0], radius: profile.grainRadius)])
        let listing = try ContactListing(shaders: GLFixture.shaders)
        listing.configure(grid: NeighbourGrid(profile: profile, reach: reach.reach), reach: reach, grainCount: 2)
        listing.sortIfArmed(grains: state)
        listing.advance()
        listing.sortIfArmed(grains: state)
        #expect(listing.sortCount() == 1)
        listing.arm()
        listing.sortIfArmed(grains: state)
        #expect(listing.sortCount() == 2)
    }

    /// Overlapping pairs, far apart from each other, at random places and angles, so many
    /// straddle a cell boundary. One substep without gravity or velocity must push both grains
    /// of every pair apart, by their shares: a pair the grid missed stays put.
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
        let up = SimulationParameters(gravity: 0, neckDamping: 0).up(angle: 0)
        var worst: Float = 0
        for pair in stride(from: 0, to: grains.count, by: 2) {
            let delta = grains[pair].position - grains[pair + 1].position
            let distance = (delta * delta).sum().squareRoot()
            // Half each, but in the chamber below, where the upper grain takes ½(1 + λ n·up).
            let normal = delta / distance, depth = 2 * r - distance
            let below = (grains[pair].position.y + grains[pair + 1].position.y) / 2 * up.y < -PhysicsConstants.neckHalfHeight * abs(up.y)
            let upper = below ? 0.5 + 0.5 * PhysicsConstants.supportLean * (normal * up).sum() : 0.5
            let pushes = [normal * depth * upper, normal * depth * (1 - upper)]
            for (index, expected) in [(pair, grains[pair].position + pushes[0]), (pair + 1, grains[pair + 1].position - pushes[1])] {
                let error = stepped[index].position - expected
                worst = max(worst, (error * error).sum().squareRoot())
            }
        }
        let grid = NeighbourGrid(profile: GLFixture.profile, reach: ContactListReach(largestRadius: r).reach)
        let straddling = stride(from: 0, to: grains.count, by: 2).filter { grid.cell(of: grains[$0].position) != grid.cell(of: grains[$0 + 1].position) }
        #expect(straddling.count > grains.count / 8)
        #expect(worst < 1e-6)
    }
}
