import SandSim
import Testing

/// The drain's pieces without an engine of real sand: the calibration fit and the tap.
@Suite("Drain calibration and taps")
struct DrainTests {
    @Test("the Beverloo fit recovers the share, the edge and the exponent of g it was made from")
    func fitRecoversLaw() throws {
        let truth = DrainCalibration(full: 0.2, edgeDiameters: 1.6, gravityExponent: 0.55)
        var measurements: [DrainCalibration.Measurement] = []
        for (count, opening, diameter) in [(1_000, Float(0.13), Float(0.03)), (5_000, 0.13, 0.016), (250, 0.18, 0.044)] {
            for gravity: Float in [1, 3] {
                let share = truth.share(opening: opening, diameter: diameter, gravity: gravity)
                measurements.append(.init(count: count, gravity: gravity, opening: opening, diameter: diameter, grainsPerSecond: share * Double(count)))
            }
        }
        let fit = try #require(DrainCalibration.fit(measurements))
        #expect(abs(fit.full - 0.2) < 1e-6)
        #expect(abs(fit.edgeDiameters - 1.6) < 1e-6)
        #expect(abs(fit.gravityExponent - 0.55) < 1e-6)
    }

    @Test("one opening in grain diameters keeps the edge it is given")
    func fitWithOneRatio() throws {
        let truth = DrainCalibration(full: 0.15, edgeDiameters: Double(PhysicsConstants.drainEdgeDiameters), gravityExponent: Double(PhysicsConstants.drainGravityExponent))
        let share = truth.share(opening: 0.176, diameter: 0.044, gravity: 2)
        let fit = try #require(DrainCalibration.fit([.init(count: 250, gravity: 2, opening: 0.176, diameter: 0.044, grainsPerSecond: share * 250)]))
        #expect(abs(fit.full - 0.15) < 1e-6)
        #expect(fit.edgeDiameters == Double(PhysicsConstants.drainEdgeDiameters) && fit.gravityExponent == Double(PhysicsConstants.drainGravityExponent))
    }

    @Test("a jammed neck is tapped once the late sand has not moved for a while, and only then")
    func jammedNeckIsTapped() throws {
        let jammed = StuckEngine(above: 200, below: 50)
        var timer = HourglassTimer(settings: GrainSettings(mode: .cpu, count: 250), duration: 10)
        _ = timer.start()
        var drain = TimedDrain()
        var taps: [Float] = []
        let frame: Float = 1.0 / 60
        while timer.phase != .complete, timer.elapsed < 3 {
            _ = timer.advance(by: frame)
            _ = drain.frame(engine: jammed, timer: timer, mode: .cpu, grainRadius: 0.02, frameDt: frame) { parameters in
                if parameters.tap > 0, timer.phase == .running { taps.append(timer.elapsed) }
                jammed.step(frameDt: frame, angle: timer.containerAngle, parameters: parameters)
            }
        }
        #expect(drain.taps >= 3)
        #expect(!taps.isEmpty && taps.allSatisfy { $0 > TimedDrain.stallSeconds })

        let flowing = StuckEngine(above: 250, below: 0)
        timer = HourglassTimer(settings: GrainSettings(mode: .cpu, count: 250), duration: 10)
        _ = timer.start()
        drain = TimedDrain()
        while timer.phase != .complete, timer.elapsed < 3 {
            _ = timer.advance(by: frame)
            if timer.phase == .running { flowing.drainTo(Int(250 * (1 - timer.elapsed / 10))) }
            _ = drain.frame(engine: flowing, timer: timer, mode: .cpu, grainRadius: 0.02, frameDt: frame) { _ in }
        }
        #expect(drain.taps == 0)
    }
}

/// Grains that stay where they are put: above or below the neck.
private final class StuckEngine: PhysicsEngine {
    let name = "stuck"
    var substeps = 1
    let lastSubsteps = 1
    private var grains: [Grain]
    var grainCount: Int { grains.count }

    init(above: Int, below: Int) {
        grains = (0..<above).map { _ in Grain(position: [0, 0.2, 0], radius: 0.02) } + (0..<below).map { _ in Grain(position: [0, -0.2, 0], radius: 0.02) }
    }

    func drainTo(_ upper: Int) {
        for index in grains.indices { grains[index].position.y = index < upper ? 0.2 : -0.2 }
    }

    func load(_ grains: [Grain], profile: HourglassProfile) { self.grains = grains }
    func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {}
    func snapAfterFlip() {}
    func readGrains() -> [Grain] { grains }
}
