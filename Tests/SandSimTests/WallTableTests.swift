import Testing
@testable import SandSim

/// The wall's segments found by height band give what the binary search gives, to the bit.
@Suite("Wall table")
struct WallTableTests {
    @Test("for every height tried (the points, just either side of them, band edges, a fine sweep, outside), radius and slope match the searched profile exactly",
          arguments: [250, 5000, 50000])
    func sameAsSearch(count: Int) {
        for duration: Float in [5, 600, 3600] {
            let radius = GrainSizing.radiusForCount(count)
            let profile = NeckSizing.profile(duration: duration, mode: .cpu, count: count, grainRadius: radius)
            let table = WallTable(profile.inner)
            profile.inner.withUnsafeBufferPointer { points in
                let searched = WallCurve(points: points)
                var heights = points.flatMap { [$0.y, $0.y.nextUp, $0.y.nextDown] }
                let low = points[0].y, high = points[points.count - 1].y
                heights += (0...20_000).map { low - 0.1 + (high - low + 0.2) * Float($0) / 20_000 }
                let bands = (points.count - 1) * WallTable.bandsPerSegment
                heights += (0...bands).map { low + (high - low) * Float($0) / Float(bands) }
                var mismatches = 0
                for y in heights {
                    if table.curve.radius(at: y).bitPattern != searched.radius(at: y).bitPattern { mismatches += 1 }
                    if table.curve.slope(at: y).bitPattern != searched.slope(at: y).bitPattern { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(count) grains, \(duration) s: \(mismatches) of \(heights.count * 2) lookups differ")
                #expect(table.curve.narrowestRadius(from: -0.05, to: 0.05) == searched.narrowestRadius(from: -0.05, to: 0.05))
            }
        }
    }
}
