import Foundation
import Testing
import SandSim

@Suite("Spawn")
struct SpawnTests {
    static func pile(count: Int, size: Float = 1) -> (HourglassProfile, [SIMD3<Float>]) {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count, size: size))
        return (profile, PouredPile.positions(count: count, profile: profile))
    }

    /// The deepest overlap between two of `positions`, in diameters.
    static func deepestOverlap(_ positions: [SIMD3<Float>], radius: Float) -> Float {
        PileMeasures.maxOverlap(positions.map { Grain(position: $0, radius: radius) }).anywhere
    }

    @Test("the poured pile places every grain in the lower chamber, apart and inside the glass", arguments: [50, 250, 1000, 3000])
    func spawnPacking(count: Int) {
        let (profile, positions) = Self.pile(count: count)
        #expect(positions.count == count)
        #expect(positions.allSatisfy { $0.y <= PouredPile.maxY })
        #expect(positions.allSatisfy { RunSummary.isInside($0, profile: profile) })
        let r = profile.grainRadius
        #expect(Self.deepestOverlap(positions, radius: r) < 0.001)
        for p in positions {
            let radial = (p.x * p.x + p.z * p.z).squareRoot()
            #expect(radial <= profile.innerRadiusAt(p.y) - r + 1e-5)
        }
    }

    @Test("radius shrinks with count, grows with size, and the pile stays about a quarter of the glass")
    func spawnSizes() {
        let radii = [50, 250, 1000, 10_000, 50_000].map { GrainSizing.radiusForCount($0) }
        #expect(zip(radii, radii.dropFirst()).allSatisfy { $0 > $1 })
        // Size scales the sand's volume: 1.5× the sand, each grain 1.5^(1/3) times as wide.
        #expect(abs(pow(GrainSizing.radiusForCount(1000, size: 1.5) / GrainSizing.radiusForCount(1000), 3) - 1.5) < 1e-4)
        let tops = [100, 250, 2000, 10_000, 50_000].map { Self.pile(count: $0).1.map(\.y).max()! }
        #expect(tops.max()! - tops.min()! < 0.05)
        // A quarter of the glass: the pile's top sits well inside the lower bulb.
        #expect(tops.allSatisfy { (-0.40)...(-0.28) ~= $0 })
    }

    /// Every step of the size slider, 0.5 to 1.5.
    static let sizes = stride(from: 50, through: 150, by: 5).map { Float($0) / 100 }

    @Test("at every size the slider offers, the whole pile rests below the neck with room to spare",
          arguments: [50, 60, 93, 130, 250, 1000, 2000])
    func everySizeFits(count: Int) {
        for size in Self.sizes {
            let (profile, positions) = Self.pile(count: count, size: size)
            let top = positions.map(\.y).max()!
            #expect(top <= -0.18, "size \(size): the pile reaches \(top)")
            // Overflow beyond what fits lands at random and overlaps; none here.
            #expect(Self.deepestOverlap(positions, radius: profile.grainRadius) < 0.001, "size \(size): grains overlap at spawn")
        }
    }

    @Test("overflow beyond what fits goes into the lower bulb, never near the neck")
    func overflow() {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250, size: 1.5))
        let positions = PouredPile.positions(count: 3000, profile: profile)
        #expect(positions.count == 3000)
        #expect(positions.allSatisfy { $0.y <= PouredPile.overflowRange.upperBound })
        #expect(positions.allSatisfy { RunSummary.isInside($0, profile: profile) })
    }

    @Test("the top layer is flat: the highest 5% lie within 3 diameters", arguments: [(5_000, 1.0), (5_000, 1.3), (10_000, 1.0), (10_000, 1.3)] as [(Int, Float)])
    func spawnTopLayerIsFlat(count: Int, size: Float) {
        let (profile, positions) = Self.pile(count: count, size: size)
        let heights = positions.map(\.y).sorted()
        let top = heights.suffix(max(count / 20, 1))
        #expect(top.last! - top.first! <= 3 * 2 * profile.grainRadius)
    }

    /// Sequential deposition packs spheres to about 0.58 of the space (Visscher and Bolsterli):
    /// a random loose packing, as poured sand is, where a close-packed lattice fills 0.74 and the
    /// loose lattice that packed itself for seconds 0.43.
    @Test("the pile is packed as poured sand: 0.55–0.62 of its body is grain")
    func randomLoosePacking() {
        let (profile, positions) = Self.pile(count: 20_000)
        let r = profile.grainRadius, d = 2 * r
        // A cylinder well inside the pile, clear of the floor, the top and the wall.
        let low = -profile.innerHalfHeight + 3 * d, high = positions.map(\.y).max()! - 3 * d, reach: Float = 0.12
        #expect(reach < profile.innerRadiusAt(low) - 3 * d && high - low > 8 * d)
        let inside = positions.filter { $0.y > low && $0.y < high && ($0.x * $0.x + $0.z * $0.z).squareRoot() < reach }.count
        let fraction = Float(inside) * 4 / 3 * Float.pi * r * r * r / (Float.pi * reach * reach * (high - low))
        #expect((0.55...0.62).contains(fraction), "packing fraction \(fraction)")
    }

    @Test("the histogram counts no grain in the upper chamber or the neck")
    func histogram() {
        let (profile, positions) = Self.pile(count: 250)
        let histogram = SpawnHistogram(grains: positions.map { Grain(position: $0, radius: profile.grainRadius) }, profile: profile)
        #expect(histogram.upperChamber == 0 && histogram.neck == 0 && histogram.lowerChamber == 250)
        #expect(histogram.bands.reduce(0) { $0 + $1.count } == 250)
    }
}
