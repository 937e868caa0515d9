import Foundation
import Testing
@testable import SandSim

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

    @Test("the neck is 30% of the bulb's width, or 4 grains where grains are large; the funnel is steeper than sand rests",
          arguments: [50, 250, 1000, 50_000])
    func neck(count: Int) {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count))
        let r = profile.grainRadius
        let opening = 2 * profile.innerRadiusAt(0)
        let bulb = 2 * HourglassProfile.chamberRadius
        #expect(abs(opening - max(0.3 * bulb, 4 * 2 * r)) < 1e-5, "opening \(opening)")
        #expect(opening >= 4 * 2 * r - 1e-5, "wide enough not to clog")
        let narrowest = profile.inner.map(\.radius).min()!
        #expect(abs(narrowest - profile.innerRadiusAt(0)) < 1e-6)
        let shoulder = profile.controlPoints[4]
        #expect(shoulder.y == -0.04)
        // Between neck and shoulder the wall stands at least 50° from horizontal.
        let rise = shoulder.radius - HourglassProfile.outerNeckRadius(grainRadius: r)
        #expect(atan2(0.04, rise) * 180 / .pi > 50)
    }

    @Test("the wall pushes along the profile's normal: a grain just through the funnel's wall lands on it")
    func wallNormal() {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
        let r = profile.grainRadius
        GlassCollider.with(profile) { collider in
        for y: Float in [-0.3, -0.12, -0.03, 0.03, 0.12] {
            var p = SIMD3<Float>(profile.innerRadiusAt(y) - r + 0.003, y, 0)
            let contact = collider.projectInside(&p, radius: r)
            #expect(contact != nil)
            #expect(abs(p.x - (profile.innerRadiusAt(p.y) - r)) < 2e-4, "at \(y): \(p)")
            // In the funnel the push has a vertical part: down in the lower chamber's roof, up on the upper chamber's floor.
            if abs(y) < 0.1, let normal = contact?.normal { #expect(y < 0 ? normal.y > 0.2 : normal.y < -0.2, "normal \(normal) at \(y)") }
        }
        }
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
    }

    @Test("fast sand gets the fewest substeps in which no grain moves more than a tenth of a diameter")
    func substepsForSpeed() {
        let parameters = SimulationParameters(gravity: 4, neckDamping: 0)
        let radius = GrainSizing.radiusForCount(5_000)
        let substeps = parameters.substeps(perTick: 1, grainRadius: radius, dt: 1.0 / 60)
        let fastestPerFrame = (2 * 4 * 2 * PhysicsConstants.glassHalfHeight).squareRoot() / 60
        let allowed = PhysicsConstants.maxStepDiameters * 2 * radius
        #expect(fastestPerFrame / Float(substeps) <= allowed * 1.0001)
        #expect(fastestPerFrame / Float(substeps - 1) > allowed)
    }

    /// The compute engine's large path: a check covers every substep to the next, so no grain
    /// at the bound's speed comes the relisting distance between two; the fall's bound gives
    /// few substeps between checks, slow sand the most, and a measured bound never more
    /// substeps than the fall's.
    @Test("a measured speed cuts a large pile's tick into fewer substeps and checks its lists less often, never past the relisting distance")
    func measuredSchedule() {
        let parameters = SimulationParameters(duration: 5)
        let radius = GrainSizing.radiusForCount(200_000)
        let reach = ContactListReach(largestRadius: radius)
        let tick = PhysicsConstants.tickSeconds
        func schedule(_ fastest: Float?) -> SolveSchedule {
            SolveSchedule.compute(dt: tick, substepsPerTick: 24, parameters: parameters, grains: 200_000, grainRadius: radius,
                                  relistDistance: reach.relistDistance, fastest: fastest)
        }
        let fall = schedule(nil), still = schedule(0.01), faster = schedule(100)
        #expect(fall.substeps > 24 && still.substeps == 24 && faster == fall)
        #expect(fall.relistInterval < still.relistInterval && still.relistInterval == SolveSchedule.largestRelistInterval)
        for (bound, cut) in [(parameters.fallSpeed, fall), (0.01, still)] {
            let step = bound * tick / Float(cut.substeps)
            #expect(Float(cut.relistInterval) * step <= reach.relistDistance, "\(cut.relistInterval) substeps of \(step) past \(reach.relistDistance)")
        }
        #expect(schedule(nil) != SolveSchedule.compute(dt: tick, substepsPerTick: 24, parameters: parameters, grains: 200_000, grainRadius: radius)
                && SolveSchedule.compute(dt: tick, substepsPerTick: 24, parameters: parameters, grains: 200_000, grainRadius: radius).relistInterval == 1)
    }

    @Test("a step takes substeps in proportion to its length, so a substep is as long however time is cut")
    func substepsForTime() {
        let slow = SimulationParameters(gravity: 0.5, neckDamping: 0)
        let radius = GrainSizing.radiusForCount(250)
        let tick = PhysicsConstants.tickSeconds
        #expect(slow.substeps(perTick: 24, grainRadius: radius, dt: tick) == 24)
        #expect(slow.substeps(perTick: 24, grainRadius: radius, dt: tick / 2) == 12)
        #expect(slow.substeps(perTick: 24, grainRadius: radius, dt: 12 * tick) == 288)
        #expect(slow.substeps(perTick: 24, grainRadius: radius, dt: tick / 1000) == 1)
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
            #expect(abs(SubstepRules(parameters: parameters, subDt: 0.01).dampingFactor(speed: blendSpeed) - pow(PhysicsConstants.flowDamping, 0.01)) < 1e-6)
        }
    }
}
