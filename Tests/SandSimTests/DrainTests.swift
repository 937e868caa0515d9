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
        #expect(DrainCalibration.fitsEdge(measurements) && DrainCalibration.fitsExponent(measurements))
        #expect(abs(fit.full - 0.2) < 1e-6)
        #expect(abs(fit.edgeDiameters - 1.6) < 1e-6)
        #expect(abs(fit.gravityExponent - 0.55) < 1e-6)
    }

    @Test("one opening in grain diameters keeps the edge it is given")
    func fitWithOneRatio() throws {
        let truth = DrainCalibration(full: 0.15, edgeDiameters: Double(PhysicsConstants.drainEdgeDiameters), gravityExponent: Double(PhysicsConstants.drainGravityExponent))
        let share = truth.share(opening: 0.176, diameter: 0.044, gravity: 2)
        let measurements = [DrainCalibration.Measurement(count: 250, gravity: 2, opening: 0.176, diameter: 0.044, grainsPerSecond: share * 250)]
        let fit = try #require(DrainCalibration.fit(measurements))
        #expect(!DrainCalibration.fitsEdge(measurements) && !DrainCalibration.fitsExponent(measurements), "calibrate says both were assumed")
        #expect(abs(fit.full - 0.15) < 1e-6)
        #expect(fit.edgeDiameters == Double(PhysicsConstants.drainEdgeDiameters) && fit.gravityExponent == Double(PhysicsConstants.drainGravityExponent))
    }

    @Test("a jammed neck is tapped once the late sand has not moved for a while, and only then; a tap lasts its 1/30 s whatever the frame rate")
    func jammedNeckIsTapped() throws {
        for frame: Float in [1.0 / 60, 0.2] {
            let jammed = StillEngine(above: 200, below: 50)
            var hourglass = Hourglass(engine: jammed, mode: .cpu, pile: Pile(count: 250, radius: 0.02),
                                      timer: HourglassTimer(duration: 10))
            _ = hourglass.timer.start()
            while hourglass.timer.phase != .complete, hourglass.timer.elapsed < 3 { hourglass.advance(by: frame) }
            #expect(hourglass.taps >= 3, "at frames of \(frame) s")
            let tapSteps = jammed.steps.filter { $0.tap > 0 }
            // Never before the sand has been still for the stall's patience after the flip's end,
            // where the drain starts (the landing is no jam).
            #expect(!tapSteps.isEmpty && tapSteps.allSatisfy { $0.elapsed > FlipAnimation.duration + TimedDrain.stallSeconds }, "\(tapSteps.map(\.elapsed))")
            // Each knock's steps in a row; the last may still be under way, or just asked for.
            var knocks: [Float] = []
            var previous: Float?
            for step in jammed.steps {
                if step.tap > 0 {
                    if previous == nil { knocks.append(0) }
                    knocks[knocks.count - 1] += step.seconds
                }
                previous = step.tap > 0 ? step.tap : nil
            }
            #expect((hourglass.taps - 1...hourglass.taps).contains(knocks.count))
            #expect(knocks.dropLast().allSatisfy { abs($0 - TimedDrain.tapSeconds) < 1e-4 } && knocks.last! <= TimedDrain.tapSeconds + 1e-4,
                    "knocks of \(knocks) s at frames of \(frame) s")
        }

        let flowing = StillEngine(above: 250, below: 0)
        var hourglass = Hourglass(engine: flowing, mode: .cpu, pile: Pile(count: 250, radius: 0.02),
                                  timer: HourglassTimer(duration: 10))
        _ = hourglass.timer.start()
        while hourglass.timer.phase != .complete, hourglass.timer.elapsed < 3 {
            if hourglass.timer.phase == .running { flowing.drainTo(Int(250 * (1 - hourglass.timer.elapsed / 10))) }
            hourglass.advance(by: 1.0 / 60)
        }
        #expect(hourglass.taps == 0)
    }
}

/// Grains that stay where they are put, above or below the neck; remembers each step.
final class StillEngine: PhysicsEngine {
    let name = "still"
    var substeps = 1
    let lastSubsteps = 1
    private var grains: [Grain]
    private(set) var steps: [(seconds: Float, angle: Float, tap: Float, elapsed: Float)] = []
    private var count: UpperCount?
    /// How many steps a count takes to arrive, as the compute engine's come a frame late.
    var countDelay = 0
    private var requested: [UpperCount] = []
    var grainCount: Int { grains.count }

    init(above: Int, below: Int) {
        grains = (0..<above).map { _ in Grain(position: [0, 0.2, 0], radius: 0.02) } + (0..<below).map { _ in Grain(position: [0, -0.2, 0], radius: 0.02) }
    }

    func drainTo(_ upper: Int) {
        for index in grains.indices { grains[index].position.y = index < upper ? 0.2 : -0.2 }
    }

    func load(_ grains: [Grain], profile: HourglassProfile) { self.grains = grains }
    func reshape(_ profile: HourglassProfile) {}
    func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let elapsed = steps.reduce(0) { $0 + $1.seconds } + frameDt
        steps.append((frameDt, angle, parameters.tap, elapsed))
    }
    func snapAfterFlip() {}
    func readGrains() -> [Grain] { grains }
    /// The grains stand as they will after the flip's snap; turned past a quarter, the glass's
    /// own frame has them the other way up, and so does a count in it.
    func requestUpperCount(tag: Int) {
        let turned = (steps.last?.angle ?? 0) >= FlipMotion.quarterTurn
        let above = DrainSample.upperCount(grains)
        requested.append(UpperCount(tag: tag, count: turned ? grains.count - above : above))
        if requested.count > countDelay { count = requested.removeFirst() }
    }
    func latestUpperCount() -> UpperCount? { count }
}
