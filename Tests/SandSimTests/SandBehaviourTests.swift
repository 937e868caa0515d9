import Testing
@testable import SandSim

/// What makes the CPU engine's grains sand: they pile as a cone, run through the neck at a steady
/// rate that empties the upper chamber as the timer ends, and do not pass through each other.
@Suite("Sand (CPU engine)", .serialized)
struct SandBehaviourTests {
    @Test("a column of sand let go slumps to a cone at sand's angle of repose")
    func cone() throws {
        let engine = Scenes.engine(Scenes.column())
        Scenes.run(engine, seconds: 4)
        let angle = try #require(PileMeasures.reposeAngle(engine.readGrains(), profile: Scenes.profile))
        #expect((20...35).contains(angle), "repose angle \(angle)°")
    }

    @Test("the upper chamber empties as a 5 s timer ends, at a steady rate, with no grain through another")
    func onTime() throws {
        let engine = CPUEngine()
        try engine.spawn(count: 250)
        let result = HeadlessRun(duration: 5, settleSeconds: 1, mode: .cpu).run(engine: engine)
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        #expect(abs(emptyAt - 5) <= 0.15, "empty \(emptyAt) s into a 5 s timer")
        #expect(Scenes.straightness(result.trace) >= 0.98)
        #expect(result.maxNeckOverlap <= 0.1, "grains in the neck overlap by \(result.maxNeckOverlap) diameters")
        #expect(result.maxOverlap <= 0.15)
    }

    @Test("twenty flips of one pile lose no grain and no number")
    func flips() throws {
        let engine = CPUEngine()
        try engine.spawn(count: 60)
        var run = HeadlessRun(duration: 5, settleSeconds: 0.5, flips: 20, mode: .cpu)
        run.measureOverlap = false
        let result = run.run(engine: engine)
        #expect(result.lost == 0)
        #expect(result.emptyAt.allSatisfy { $0 != nil }, "every flip drains: \(result.emptyAt)")
    }
}
