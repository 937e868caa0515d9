import Testing
@testable import SandSim

@Suite("Pair colouring for the wide contact solve")
struct PairColouringTests {
    @Test("every listed pair is coloured once, with its touching distance and wall flag, and no two pairs of one colour share a grain")
    func colours() throws {
        let engine = CPUEngine(threads: 2)
        try engine.spawn(count: 3_000)
        // Turned into the upper chamber, so the pairs are listed and coloured anew as the grains fall.
        engine.snapAfterFlip()
        Scenes.run(engine, seconds: 0.2)
        let candidates = engine.candidates.pointers, colouring = candidates.colouring
        let radius = engine.grains.pointers.radius, nearWall = engine.grains.pointers.nearWall
        var listed = 0, sharing = 0, wrongFields = 0, leftOver = 0
        for layer in 0..<candidates.layers {
            let grains = candidates.grains(inLayer: layer)
            var expected: [SIMD2<Int32>] = []
            for i in grains {
                let row = candidates.neighbours + i * candidates.stride
                for k in 0..<Int(candidates.neighbourCounts[i]) { expected.append(SIMD2(Int32(i), row[k])) }
            }
            let starts = colouring.starts(ofLayer: layer), pairs = colouring.pairs + grains.lowerBound * candidates.stride
            var coloured: [SIMD2<Int32>] = []
            for colour in 0..<PairColouring.colours {
                var seen = Set<Int32>()
                for k in Int(starts[colour])..<Int(starts[colour + 1]) {
                    let pair = pairs[k]
                    if !seen.insert(pair.x).inserted || !seen.insert(pair.y).inserted { sharing += 1 }
                }
            }
            for k in 0..<Int(starts[PairColouring.buckets]) {
                let pair = pairs[k], i = Int(pair.x), j = Int(pair.y)
                coloured.append(SIMD2(pair.x, pair.y))
                let wall: Int32 = nearWall[i] || nearWall[j] ? -1 : 0
                if Float(bitPattern: UInt32(bitPattern: pair.z)) != radius[i] + radius[j] || pair.w != wall { wrongFields += 1 }
            }
            leftOver += Int(starts[PairColouring.buckets] - starts[PairColouring.colours])
            let order: (SIMD2<Int32>, SIMD2<Int32>) -> Bool = { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
            #expect(coloured.sorted(by: order) == expected.sorted(by: order), "layer \(layer)")
            listed += expected.count
        }
        #expect(listed > 10_000, "the pile was listed: \(listed) pairs")
        #expect(sharing == 0)
        #expect(wrongFields == 0)
        // The greedy colouring leaves few pairs to the one-at-a-time remainder.
        #expect(leftOver * 100 < listed, "\(leftOver) of \(listed) pairs found no colour")
    }
}
