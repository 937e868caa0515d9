import Testing
@testable import SandSim

@Suite("CPU engine")
struct CPUEngineTests {
    @Test("a free grain falls as v += g·dt, p += v·dt, slowed only by flow damping")
    func gravity() {
        let start = SIMD3<Float>(0, -0.2, 0)
        let engine = Scenes.engine([Grain(position: start, radius: Scenes.radius)])
        Scenes.run(engine, seconds: 0.25)
        let grain = engine.readGrains()[0]
        let freeFall = 0.5 * Scenes.fiveSeconds.gravity * 0.25 * 0.25
        let drop = start.y - grain.position.y
        #expect(drop > 0.9 * freeFall && drop <= freeFall)
        #expect(grain.velocity.y < -0.9 * Scenes.fiveSeconds.gravity * 0.25)
        #expect(abs(grain.position.x) < 1e-6 && abs(grain.position.z) < 1e-6)
    }

    @Test("a dropped grain comes to rest on the floor, never below it")
    func floor() {
        let engine = Scenes.engine([Grain(position: [0, -0.3, 0], radius: Scenes.radius)])
        let floorY = -Scenes.profile.innerHalfHeight + Scenes.radius
        var lowest: Float = 1
        for _ in 0..<120 {
            Scenes.run(engine, seconds: Scenes.frame)
            lowest = min(lowest, engine.readGrains()[0].position.y)
        }
        let grain = engine.readGrains()[0]
        #expect(lowest >= floorY - 1e-5)
        #expect(abs(grain.position.y - floorY) < 1e-4)
        #expect(grain.speed < 1e-3)
    }

    @Test("two overlapping grains are pushed apart and stop approaching")
    func collision() {
        let r = Scenes.radius
        let engine = Scenes.engine([
            Grain(position: [-0.6 * r, -0.3, 0], radius: r, velocity: [0.2, 0, 0]),
            Grain(position: [0.6 * r, -0.3, 0], radius: r, velocity: [-0.2, 0, 0]),
        ])
        Scenes.run(engine, seconds: 0.1, parameters: SimulationParameters(gravity: 0, neckDamping: 0))
        let grains = engine.readGrains()
        let gap = grains[1].position.x - grains[0].position.x
        #expect(gap >= 2 * r * 0.999)
        #expect(grains[1].velocity.x - grains[0].velocity.x >= 0)
    }

    @Test("snapAfterFlip maps (x, y, z) to (x, -y, -z) and (vy, vz) to (-vy, -vz)")
    func flipTransform() {
        let grain = Grain(position: [0.01, -0.3, 0.02], radius: Scenes.radius, velocity: [0.1, 0.2, 0.3])
        let engine = Scenes.engine([grain])
        engine.snapAfterFlip()
        let flipped = engine.readGrains()[0]
        #expect(flipped.position == [0.01, 0.3, -0.02])
        #expect(flipped.velocity == [0.1, -0.2, -0.3])
        #expect(grain.flipped() == flipped)
    }

    @Test("after the flip, every grain drains into the lower chamber within the duration", arguments: [100, 250, 5_000, 20_000])
    func fullDrain(count: Int) throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: count)
        let result = HeadlessRun(settleSeconds: 1).run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10))
        let summary = RunSummary(mode: "cpu", grains: result.grains, profile: engine.profileForTests, simulatedSeconds: 0, wallSeconds: 0)
        #expect(summary.upper == 0)
        #expect(summary.drainedPercent == 100)
        // The flip really moved the sand to the top: it started there after the snap.
        let firstRunning = try #require(result.trace.first { $0.phase == .running })
        #expect(firstRunning.upper > count * 3 / 4)
    }

    @Test("a fresh pile settles: it stops moving and its velocities stay small", arguments: [250, 5_000, 20_000])
    func settle(count: Int) throws {
        let engine = CPUEngine()
        try engine.spawn(count: count)
        Scenes.run(engine, seconds: 6)
        // Grains move less than a twentieth of their radius per second.
        #expect(Scenes.meanMotion(engine, seconds: 1) < 0.001)
        let speeds = engine.readGrains().map(\.speed)
        #expect(speeds.reduce(0, +) / Float(speeds.count) < 0.05)
        #expect(speeds.max()! < 0.15)
    }

    @Test("grains stay inside the glass through spawn, tumbling flip and drain")
    func grainsStayInsideGlass() throws {
        let engine = CPUEngine()
        try engine.spawn(count: 200, size: 1.3)
        let profile = engine.profileForTests
        var worst = 0
        var timer = HourglassTimer(duration: 5)
        _ = timer.start()
        while timer.phase != .complete {
            if timer.advance(by: Scenes.frame).contains(.snapAfterFlip) { engine.snapAfterFlip() }
            engine.step(frameDt: Scenes.frame, angle: timer.containerAngle, parameters: Scenes.fiveSeconds)
            worst = max(worst, engine.readGrains().filter { !RunSummary.isInside($0.position, profile: profile) }.count)
        }
        #expect(worst == 0)
    }

    @Test("the same pile run twice, on 1, 2 or 3 threads, gives bit-identical grains")
    func deterministic() throws {
        func run(threads: Int) throws -> [Grain] {
            let engine = CPUEngine(threads: threads)
            try engine.spawn(count: 3_000)
            // Turned into the upper chamber, so the grains fall, collide and are listed anew.
            engine.snapAfterFlip()
            Scenes.run(engine, seconds: 0.5)
            #expect(engine.listings > 3)
            return engine.readGrains()
        }
        let reference = try run(threads: 2)
        #expect(try run(threads: 2) == reference)
        #expect(try run(threads: 1) == reference)
        #expect(try run(threads: 3) == reference)
        // And the run did something: the sand left where the flip put it.
        let spawned = try { let engine = CPUEngine(); try engine.spawn(count: 3_000); engine.snapAfterFlip(); return engine.readGrains() }()
        #expect(zip(spawned, reference).filter { $0.0.position != $0.1.position }.count > 2_900)
    }

    @Test("a long step takes the substeps of its ticks: a grain falls as in thirty steps of 1/60 s, not faster")
    func longStep() {
        let grain = Grain(position: [0, 0.3, 0], radius: Scenes.radius)
        let once = Scenes.engine([grain]), ticked = Scenes.engine([grain])
        once.step(frameDt: 0.5, angle: 0, parameters: Scenes.fiveSeconds)
        Scenes.run(ticked, seconds: 0.5)
        #expect(once.lastSubsteps == 30 * ticked.lastSubsteps)
        let a = once.readGrains()[0], b = ticked.readGrains()[0]
        #expect(abs(a.position.y - b.position.y) < 1e-4 && abs(a.velocity.y - b.velocity.y) < 1e-3, "\(a) against \(b)")
        #expect(a.position.y < 0.3 - 0.05, "the grain fell: \(a.position.y)")
    }
}

extension CPUEngine {
    /// The glass this engine collides with, rebuilt from its grains' radius.
    var profileForTests: HourglassProfile {
        HourglassProfile(grainRadius: readGrains()[0].radius)
    }
}
