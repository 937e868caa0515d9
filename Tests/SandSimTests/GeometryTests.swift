import Foundation
import Testing
import SandSim

@Suite("Glass geometry")
struct GeometryTests {
    let profile = HourglassProfile(grainRadius: 0.02)

    @Test("11 control points, about 80 smooth points, symmetric about y = 0")
    func profileShape() {
        #expect(profile.controlPoints.count == 11)
        #expect((78...84).contains(profile.outer.count))
        #expect(zip(profile.outer, profile.outer.dropFirst()).allSatisfy { $0.y < $1.y })
        for (low, high) in zip(profile.outer, profile.outer.reversed()) {
            #expect(abs(low.radius - high.radius) < 1e-6 && abs(low.y + high.y) < 1e-6)
        }
    }

    @Test("the neck lets exactly one grain through, and the shoulders sit at ±0.04")
    func neck() {
        let r = profile.grainRadius
        #expect(abs(profile.innerRadiusAt(0) - (r + PhysicsConstants.neckClearance)) < 1e-6)
        #expect(profile.innerRadiusAt(0) > r && profile.innerRadiusAt(0) < 2 * r)
        let narrowest = profile.inner.map(\.radius).min()!
        #expect(abs(narrowest - profile.innerRadiusAt(0)) < 1e-6)
        let shoulder = profile.controlPoints[4]
        #expect(shoulder.y == -0.04 && abs(shoulder.radius - 1.8 * HourglassProfile.outerNeckRadius(grainRadius: r)) < 1e-6)
    }

    @Test("the inner profile is the outer one moved in by the wall thickness")
    func innerProfile() {
        for (outer, inner) in zip(profile.outer, profile.inner) {
            #expect(abs(outer.radius - inner.radius - PhysicsConstants.wallThickness) < 1e-6)
        }
        #expect(abs(profile.innerRadiusAt(profile.inner[10].y) - profile.inner[10].radius) < 1e-6)
    }

    @Test("the 256-entry lookup table matches innerRadiusAt, exactly at the neck", arguments: [50, 250, 10_000, 50_000])
    func lookupTable(count: Int) {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count))
        let table = ProfileLookupTable(profile: profile)
        #expect(table.radii.count == 256)
        var worst: Float = 0
        for step in 0...2000 {
            let y = -profile.innerHalfHeight + 2 * profile.innerHalfHeight * Float(step) / 2000
            worst = max(worst, abs(table.radius(at: y) - profile.innerRadiusAt(y)))
        }
        // Linear interpolation cuts the corners of the shoulders by a fraction of the smallest grain.
        #expect(worst < 0.0008)
        #expect(abs(table.radius(at: 0) - profile.innerRadiusAt(0)) < 1e-6)
        #expect(table.minY == -profile.innerHalfHeight && table.maxY >= profile.innerHalfHeight)
    }

    @Test("the glass mesh is a closed surface of revolution: 64 segments, unit normals, valid indices")
    func glassMesh() {
        let mesh = profile.glassMesh()
        #expect(mesh.positions.count == profile.outer.count * 65)
        #expect(mesh.indices.count == (profile.outer.count - 1) * 64 * 6)
        #expect(mesh.indices.allSatisfy { Int($0) < mesh.positions.count })
        #expect(mesh.normals.allSatisfy { abs(($0 * $0).sum() - 1) < 1e-4 })
        // At the widest ring the normal points straight out from the axis.
        let widest = profile.outer.indices.max { profile.outer[$0].radius < profile.outer[$1].radius }!
        #expect(abs(mesh.normals[widest * 65].x - 1) < 0.05)
        let caps = profile.capsMesh()
        #expect(caps.indices.allSatisfy { Int($0) < caps.positions.count } && !caps.indices.isEmpty)
    }

    @Test("gravity and neck friction follow the duration")
    func parameters() {
        #expect(SimulationParameters(duration: 5).gravity == 1)
        #expect(abs(SimulationParameters(duration: 30).gravity - 5.0 / 30) < 1e-6)
        #expect(abs(SimulationParameters(duration: 10).neckDamping - 0.2) < 1e-6)
        let g = SimulationParameters(duration: 5).gravityVector(angle: .pi / 2)
        #expect(abs(g.y) < 1e-6 && abs(g.z - 1) < 1e-6)
        #expect([1_000, 1_500, 2_000, 5_000, 20_000].map(SimulationParameters.gpuSubsteps) == [4, 4, 3, 2, 1])
    }

    @Test("speed thresholds shrink with the square root of gravity, never to zero")
    func speedScale() {
        #expect(SimulationParameters(duration: 5).speedScale == 1)
        #expect(abs(SimulationParameters(duration: 20).speedScale - 0.5) < 1e-6)
        let weightless = SimulationParameters(gravity: 0, neckDamping: 0)
        #expect(abs(weightless.speedScale - PhysicsConstants.minimumGravity.squareRoot()) < 1e-6)
        // A grain at the blend speed keeps all of the flow damping's factor, whatever the timer.
        for duration: Float in [5, 30] {
            let parameters = SimulationParameters(duration: duration)
            let blendSpeed = PhysicsConstants.dampingSpeedScale * parameters.speedScale
            #expect(abs(parameters.dampingFactor(speed: blendSpeed, subDt: 0.01) - pow(PhysicsConstants.flowDamping, 0.01)) < 1e-6)
        }
    }
}
