import Testing
@testable import SandSim

@Suite("Neighbours for the pile's measures")
struct GrainNeighboursTests {
    /// Small clusters of grains at random places in a box made large by one grain far off: 64
    /// buckets for thousands of cells a row, so the rows fold round the buckets and, in some of
    /// the 300 trials, a cluster's row wraps past the last bucket to the first. A grain that is
    /// not a number besides.
    @Test("every grain within a cell size of another is among its neighbours, folded buckets and all")
    func everyNearGrainIsFound() {
        var random = SeededRandom(seed: 7)
        let reach: Float = 0.1
        var missed = 0, pairs = 0
        for _ in 0..<300 {
            let corner = SIMD3(Float.random(in: 0...3, using: &random), Float.random(in: 0...3, using: &random), Float.random(in: 0...3, using: &random))
            var grains = (0..<20).map { _ in
                Grain(position: corner + SIMD3(Float.random(in: 0...0.25, using: &random), Float.random(in: 0...0.25, using: &random),
                                               Float.random(in: 0...0.25, using: &random)), radius: 0.01)
            }
            grains.append(Grain(position: SIMD3(40, -7, 3), radius: 0.01))
            grains.append(Grain(position: SIMD3(.nan, 0, 0), radius: 0.01))
            let neighbours = GrainNeighbours(grains, cellSize: reach)
            #expect(neighbours.order.count == grains.count - 1, "the grain that is not a number is left out")
            for slot in neighbours.positions.indices {
                var found = Set<Int>()
                neighbours.forEach(near: slot) { found.insert($0) }
                for other in neighbours.positions.indices where other != slot {
                    let delta = neighbours.positions[other] - neighbours.positions[slot]
                    guard (delta * delta).sum() < reach * reach else { continue }
                    pairs += 1
                    if !found.contains(other) { missed += 1 }
                }
            }
        }
        #expect(pairs > 10_000, "the grains lie near enough to each other to test: \(pairs) pairs")
        #expect(missed == 0, "\(missed) of \(pairs) pairs within a cell size not found")
    }
}
