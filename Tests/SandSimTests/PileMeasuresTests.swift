import Foundation
import Testing
import SandSim

@Suite("Pile measures")
struct PileMeasuresTests {
    let profile = HourglassProfile(grainRadius: 0.02)

    @Test("overlap is measured in diameters, and in the neck apart from elsewhere")
    func overlap() {
        let r: Float = 0.02
        let grains = [
            Grain(position: [0, -0.3, 0], radius: r), Grain(position: [0.03, -0.3, 0], radius: r),  // 0.01 deep: 0.25 d
            Grain(position: [0, 0.01, 0], radius: r), Grain(position: [0, 0.046, 0], radius: r),    // 0.004 deep: 0.1 d
            Grain(position: [0.3, 0.3, 0], radius: r),
        ]
        let overlap = PileMeasures.maxOverlap(grains)
        #expect(abs(overlap.anywhere - 0.25) < 1e-4)
        #expect(abs(overlap.inNeck - 0.1) < 1e-4)
        #expect(PileMeasures.maxOverlap([grains[4], grains[0]]).anywhere == 0)
    }

    /// Grains on a surface y = top − tan(angle) · distance from the axis, filled below.
    func pile(angle degrees: Float) -> [Grain] {
        let r: Float = 0.01, slope = tan(degrees * .pi / 180)
        var grains: [Grain] = []
        for x in stride(from: Float(-0.16), through: 0.16, by: 2 * r) {
            for z in stride(from: Float(-0.16), through: 0.16, by: 2 * r) where (x * x + z * z).squareRoot() < 0.17 {
                let surface = -0.25 - slope * (x * x + z * z).squareRoot()
                for y in stride(from: Float(-0.48), through: surface, by: 2 * r) {
                    grains.append(Grain(position: [x, y, z], radius: r))
                }
            }
        }
        return grains
    }

    @Test("a cone reads as its angle, a flat pile as none, a crater as negative", arguments: [30, 0, -20] as [Float])
    func reposeAngle(degrees: Float) throws {
        let angle = try #require(PileMeasures.reposeAngle(pile(angle: degrees), profile: profile))
        #expect(abs(angle - Double(degrees)) < 4, "measured \(angle)°")
    }

    @Test("a cone whose apex the last grains dug into still reads as its flank's angle")
    func dentedApex() throws {
        // The top two grains of each column within a diameter of the axis taken away:
        // a dip at the apex, as a stream's last impacts leave it.
        var grains = pile(angle: 30)
        let near = grains.indices.filter {
            let p = grains[$0].position
            return (p.x * p.x + p.z * p.z).squareRoot() < 0.025
        }
        var columns: [SIMD2<Float>: [Int]] = [:]
        for index in near { columns[SIMD2(grains[index].position.x, grains[index].position.z), default: []].append(index) }
        let dug = Set(columns.values.flatMap { $0.sorted { grains[$0].position.y > grains[$1].position.y }.prefix(2) })
        grains = grains.indices.filter { !dug.contains($0) }.map { grains[$0] }
        let angle = try #require(PileMeasures.reposeAngle(grains, profile: profile))
        #expect(abs(angle - 30) < 5, "measured \(angle)°")
    }

    @Test("too few grains below the neck give no angle")
    func tooFew() {
        #expect(PileMeasures.reposeAngle([Grain(position: [0, -0.4, 0], radius: 0.02)], profile: profile) == nil)
    }
}
