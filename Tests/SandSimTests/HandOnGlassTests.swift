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
        let pile = try engine.spawn(count: 250)
        var run = HeadlessRun()
        run.hand = Self.heldUpsideDown(hold: 5)
        let result = run.run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10))
        #expect(result.longestHang <= 0.2, "a grain hung \(result.longestHang) s with nothing under it")
        // The quarter turn is passed at 2.3 s; the sand above runs from then, held or not.
        let running = result.trace.filter { $0.phase == .running }
        let first = try #require(running.first), secondLater = try #require(running.first { $0.time >= first.time + 1 })
        #expect(first.time < 2.45 && first.upper > 200, "the run began at \(first.time) s with \(first.upper) above")
        #expect(secondLater.upper < first.upper - 10, "a second into the hold \(secondLater.upper) of \(first.upper) were still above")
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        #expect(abs(emptyAt - 10) <= 0.2, "empty \(emptyAt) s after the quarter turn")
        #expect(result.runStarts.count == 1 && abs((result.runStarts.first ?? 0) - 2.3) < 0.05, "runs began at \(result.runStarts)")
        #expect(result.lost == 0)
    }

    /// The summary's measure of a pile held still (issue 49: a pile at rest under a steady hand
    /// moves no grain more than a tenth of a diameter); tilted past the angle of repose its
    /// surface slides, which the same measure sees.
    @Test("held still upright, no grain of a 250-grain pile moves a twentieth of a diameter in 2 s; tilted to 60°, the sand slides", arguments: [0, 60])
    func heldStill(degrees: Float) throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 250)
        var run = HeadlessRun()
        run.hand = ScriptedHand([.init(degrees: 0, seconds: 2), .init(degrees: degrees, seconds: 2.5), .init(degrees: degrees, seconds: 4.5)])!
        let result = run.run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10))
        let release = try #require(RunSummary.Release(result))
        let moved = try #require(release.heldMove)
        if degrees == 0 {
            #expect(moved < 0.05, "a grain moved \(moved) diameters while held upright")
        } else {
            #expect(moved > 1, "tilted to \(degrees)°, the farthest grain moved only \(moved) diameters")
        }
    }

    /// A real hourglass is turned over mid-run to measure again what has run: the sand that had
    /// fallen is above, and runs out in the time that had run. The glass could not be picked up
    /// while the sand ran (issue 50).
    @Test("a running glass turned over (by hand, or Start) runs out the time that had run, on time; turned back, the time that ran while it was over runs back", arguments: [false, true])
    func turnedOverMidRun(byStart: Bool) throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 250)
        var hourglass = Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10)
        let frame: Float = 1.0 / 60
        hourglass.advance(by: 1)
        _ = hourglass.timer.start()
        while hourglass.timer.phase != .running || hourglass.timer.elapsed < 4 { hourglass.advance(by: frame) }
        if byStart {
            #expect(hourglass.timer.start().isEmpty)
        } else {
            let found = hourglass.timer.elapsed
            hourglass.timer.beginDrag()
            #expect(hourglass.timer.isDragging)
            // Past the quarter turn and back: the timer as it was, save the time that ran on.
            // Upright frames run the time on, inverted ones run it back (the fallen sand is above).
            var frames = 0
            func held(at angle: Float) {
                hourglass.timer.drag(to: angle)
                hourglass.advance(by: frame)
                frames += angle >= FlipMotion.quarterTurn ? -1 : 1
            }
            for angle in stride(from: Float(0.2), through: 2.0, by: 0.2) { held(at: angle) }
            #expect(hourglass.timer.turnovers == 1 && hourglass.timer.elapsed > 5.5, "turned over at \(hourglass.timer.elapsed)")
            for angle in stride(from: Float(1.8), through: 0.4, by: -0.2) { held(at: angle) }
            #expect(hourglass.timer.turnovers == 2 && abs(hourglass.timer.elapsed - (found + Float(frames) * frame)) < 1e-3,
                    "turned back at \(hourglass.timer.elapsed), found at \(found), \(frames) frames more upright than not")
            for angle in stride(from: Float(0.6), through: .pi, by: 0.2) { held(at: angle) }
            hourglass.timer.endDrag()
        }
        var leftAtTurn: Float?, turnedAt = 0.0
        while hourglass.timer.phase == .running || hourglass.upper.map({ $0 > 0 }) == true {
            hourglass.advance(by: frame)
            if leftAtTurn == nil, hourglass.timer.turnovers % 2 == 1 { (leftAtTurn, turnedAt) = (hourglass.timer.remaining, hourglass.clock) }
            if hourglass.clock > 40 { break }
        }
        let left = try #require(leftAtTurn)
        #expect(left > 4 && left < 5, "\(left) s left as the glass was turned over")
        let emptyAt = try #require(hourglass.emptyAt)
        // emptyAt counts on the timer's clock: turned over, the time that had run is the time left.
        #expect(abs(emptyAt - 10) <= 0.2, "empty at \(emptyAt) s on a 10 s timer, \(hourglass.clock - turnedAt) s after the turn")
        #expect(hourglass.timer.phase == .complete && hourglass.timer.containerAngle == 0)
        #expect(engine.readGrains().filter { $0.position.y < 0 }.count == 250)
    }

    /// Its emptyAt moved from 4.99 to 5.00 (a new run begun as it came back to done).
    @Test("a finished glass tilted and let go short of the quarter turn keeps when its sand ran out")
    func finishedGlassKeepsItsRun() throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 250)
        var hourglass = Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 5)
        _ = hourglass.timer.start()
        while hourglass.timer.phase != .complete || hourglass.emptyAt == nil { hourglass.advance(by: 1.0 / 60) }
        for _ in 0..<30 { hourglass.advance(by: 1.0 / 60) }
        let emptyAt = hourglass.emptyAt
        hourglass.timer.beginDrag()
        hourglass.timer.drag(to: 0.8)
        hourglass.advance(by: 0.2)
        hourglass.timer.endDrag()
        for _ in 0..<60 { hourglass.advance(by: 1.0 / 60) }
        #expect(hourglass.timer.phase == .complete && hourglass.emptyAt == emptyAt, "empty at \(String(describing: hourglass.emptyAt)), was \(String(describing: emptyAt))")
    }

    /// Before the fix grains stood on the tilted floor and cap and hung there 4.3 s.
    @Test("tilted 70° for 8.5 s, the pile slides to the low side and stands there at a slope, every grain on something under it")
    func tilt() throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 250)
        var run = HeadlessRun()
        run.hand = ScriptedHand([.init(degrees: 0, seconds: 1), .init(degrees: 70, seconds: 1.5), .init(degrees: 70, seconds: 10)])
        let result = run.run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10))
        #expect(result.longestHang <= 0.2, "a grain hung \(result.longestHang) s with nothing under it")
        let release = try #require(RunSummary.Release(result))
        #expect(release.unsupported == 0, "\(release.unsupported) grains with nothing under them")
        // A pile frozen as the glass turned would stand at the turn's 70°; one that flows like
        // water, as without friction solved after the pushes, lies nearly flat (0.5–12°). Sand
        // comes to rest at 30–36° (issue 49): 33.6° here, where without the contacts' memory the
        // pile stood at 28.6° (docs/HISTORY.md, "What holds a tilted pile steep, tried").
        let slope = try #require(release.surfaceSlope)
        #expect(slope >= 30 && slope <= 36, "the pile's surface stands at \(slope)° to the horizontal")
        #expect(release.fastest < 0.01, "the fastest grain still moves \(release.fastest) glass heights a second")
        // Let go short of a quarter turn, the glass swings back and the timer never started.
        #expect(result.emptyAt == [nil] && result.trace.allSatisfy { $0.phase != .running })
        #expect(result.runStarts.isEmpty)
    }

    /// The hand's move is what starts the timer, before the frame: the run's start was missed,
    /// so a held flip's summary said the timer never ran and its plot had no line to follow.
    @Test("a run begun by the hand is counted from its quarter turn; one turned back across it before letting go is not counted", arguments: [
        ([(0, 0.5), (180, 1.1), (180, 1.5)], [0.8]),
        ([(0, 0.5), (180, 1.1), (0, 1.7), (0, 2)], []),
        ([(0, 0.5), (180, 1.1), (0, 1.7), (180, 2.3), (180, 2.5)], [2.0]),
    ] as [([(Float, Float)], [Float])])
    func runStartsByHand(keyframes: [(Float, Float)], starts: [Float]) throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 100)
        var run = HeadlessRun()
        run.hand = ScriptedHand(keyframes.map { .init(degrees: $0.0, seconds: $0.1) })
        let result = run.run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 5))
        #expect(result.runStarts.count == starts.count, "runs began at \(result.runStarts)")
        for (start, expected) in zip(result.runStarts, starts) { #expect(abs(start - expected) < 0.05, "a run began at \(start) s") }
        var summary = RunSummary(mode: "cpu", grains: result.grains, profile: result.profile, simulatedSeconds: 0, wallSeconds: 0)
        summary.add(result)
        #expect(summary.flips == starts.count)
        // The drain's straightness is the run's that drained, not the one turned back (which
        // drains nothing). 100 grains drain unevenly: R² 0.978 for the first case (2026-11-27).
        if !starts.isEmpty { #expect((summary.drainStraightness ?? 0) > 0.95, "R² \(summary.drainStraightness ?? 0)") }
        #expect(summary.text.contains("no run of the timer") == starts.isEmpty && summary.text.contains("drained") == !starts.isEmpty, "\(summary.text)")
    }
}
