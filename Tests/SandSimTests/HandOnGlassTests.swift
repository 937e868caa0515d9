import Testing
import SandSim

/// A hand on the glass: held upside down or at a tilt, the sand falls where nothing holds it up
/// and comes to rest where something does, and the timer runs from the quarter turn.
@Suite("The hand on the glass (CPU engine)", .serialized)
struct HandOnGlassTests {
    /// Taken hold of at 2 s, upside down by 2.6 s, held there for `hold` seconds.
    static func heldUpsideDown(hold: Float) -> ScriptedHand {
        ScriptedHand([.init(degrees: 0, seconds: 2), .init(degrees: 180, seconds: 2.6), .init(degrees: 180, seconds: 2.6 + hold)])!
    }

    /// Before the fix the grains pressed to the cap hung there for the whole hold (4.7 s of 5),
    /// and two more below them.
    @Test("held upside down for 5 s, no grain hangs on the cap or on grains above it; the glass empties 10 s after the quarter turn")
    func heldUpsideDown() throws {
        let engine = CPUEngine()
        try engine.spawn(count: 250)
        var run = HeadlessRun(duration: 10, mode: .cpu)
        run.hand = Self.heldUpsideDown(hold: 5)
        let result = run.run(engine: engine)
        #expect(result.longestHang <= 0.2, "a grain hung \(result.longestHang) s with nothing under it")
        // The quarter turn is passed at 2.3 s; the sand above runs from then, held or not.
        let running = result.trace.filter { $0.phase == .running }
        let first = try #require(running.first), secondLater = try #require(running.first { $0.time >= first.time + 1 })
        #expect(first.time < 2.45 && first.upper > 200, "the run began at \(first.time) s with \(first.upper) above")
        #expect(secondLater.upper < first.upper - 10, "a second into the hold \(secondLater.upper) of \(first.upper) were still above")
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        #expect(abs(emptyAt - 10) <= 0.2, "empty \(emptyAt) s after the quarter turn")
        #expect(result.lost == 0)
    }

    /// Before the fix grains stood on the tilted floor and cap and hung there 4.3 s.
    @Test("tilted 70° for 4.5 s, the pile slides to the low side and rests there, every grain on something under it")
    func tilt() throws {
        let engine = CPUEngine()
        try engine.spawn(count: 250)
        var run = HeadlessRun(duration: 10, mode: .cpu)
        run.hand = ScriptedHand([.init(degrees: 0, seconds: 1), .init(degrees: 70, seconds: 1.5), .init(degrees: 70, seconds: 6)])
        let result = run.run(engine: engine)
        #expect(result.longestHang <= 0.2, "a grain hung \(result.longestHang) s with nothing under it")
        let release = try #require(RunSummary.Release(result))
        #expect(release.unsupported == 0, "\(release.unsupported) grains with nothing under them")
        #expect(release.fastest < Double(PhysicsConstants.velocityCutoff), "a grain still moved at \(release.fastest)")
        // A pile frozen as the glass turned would stand at the turn's 70°.
        let slope = try #require(release.surfaceSlope)
        #expect(slope < 40, "the pile's surface stands at \(slope)° to the horizontal")
        // Let go short of a quarter turn, the glass swings back and the timer never started.
        #expect(result.emptyAt == [nil] && result.trace.allSatisfy { $0.phase != .running })
    }
}
