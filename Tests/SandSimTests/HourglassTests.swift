import Testing
@testable import SandSim

/// The hourglass's one frame pipeline: a frame of any length keeps the sand, the timer and the
/// drain on one clock.
@Suite("Hourglass frames and the clock", .serialized)
struct HourglassTests {
    @Test("frames of any length are cut into ticks of at most 1/60 s, ending at the quarter turn and where the flip ends; the clock, the timer and the physics agree")
    func ticks() {
        for frame: Float in [1.0 / 60, 0.07, 0.5] {
            let engine = StillEngine(above: 0, below: 50)
            var hourglass = Hourglass(engine: engine, mode: .cpu, pile: Pile(count: 50, radius: 0.02),
                                      timer: HourglassTimer(duration: 5))
            hourglass.advance(by: frame)
            _ = hourglass.timer.start()
            for _ in 0..<Int((3 / frame).rounded(.up)) { hourglass.advance(by: frame) }
            let stepped = engine.steps.reduce(0) { $0 + $1.seconds }
            #expect(abs(Double(stepped) - hourglass.clock) < 1e-4)
            #expect(engine.steps.allSatisfy { $0.seconds <= PhysicsConstants.tickSeconds * 1.0001 })
            // The flip: turned while it plays, upright from the step that ends it exactly.
            let flipStart = frame
            let turned = engine.steps.filter { $0.angle > 0 }
            let flipEnd = turned.last.map(\.elapsed) ?? 0
            #expect(abs(flipEnd - flipStart - FlipAnimation.duration) < PhysicsConstants.tickSeconds + 1e-4, "at frames of \(frame) s")
            let running = hourglass.clock - Double(flipStart + FlipAnimation.duration / 2)
            #expect(abs(Double(hourglass.timer.elapsed) - running) < 1e-3, "the timer ran \(hourglass.timer.elapsed) s of \(running) s")
        }
    }

    @Test("a 5 s timer at 5 frames a second drains on time, steadily, and the sand above never climbs")
    func longFramesKeepTime() throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 250)
        var run = HeadlessRun(settleSeconds: 1)
        run.frameDt = 0.2
        let result = run.run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 5))
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        // As chaotic as at 60 frames a second (SandBehaviourTests.onTime); the old window, whose
        // physics lived at 40% of the clock at 12 fps, emptied at 2.5 timers or never.
        #expect(abs(emptyAt - 5) <= 0.25, "empty \(emptyAt) s into a 5 s timer")
        #expect(DrainSample.straightness(result.trace) ?? 0 >= 0.98)
        let running = result.trace.filter { $0.phase == .running }.map(\.upper)
        let climbs = zip(running, running.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(climbs <= 3, "the sand above rose by \(climbs) grains in a frame")
    }

    @Test("counts that arrive frames late, as the compute engine's do, still keep the timer")
    func lateCounts() throws {
        let engine = LateCounts(CPUEngine(), delay: 6)
        let pile = try engine.spawn(count: 250)
        let result = HeadlessRun(settleSeconds: 1).run(Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 5))
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        #expect(abs(emptyAt - 5) <= 0.25, "empty \(emptyAt) s into a 5 s timer")
    }

    @Test("the wall clock's time, unless a stall or physics that cannot keep up: then slow motion, said so")
    func pacing() {
        var pacer = FramePacer()
        #expect(pacer.simulatedSeconds(wall: 0.2) == FramePacer.probeSeconds, "before the physics is timed, a probe")
        pacer.record(physics: 0.001, simulated: FramePacer.probeSeconds)
        for _ in 0..<30 {
            let seconds = pacer.simulatedSeconds(wall: 0.2)
            #expect(seconds == 0.2)
            pacer.record(physics: 0.01, simulated: seconds)
        }
        #expect(pacer.slowMotion == 1)
        #expect(pacer.simulatedSeconds(wall: 5) == FramePacer.stallSeconds, "a stall: the clock waits")

        // Physics that keeps up, though only just: real time at 3 frames a second.
        let keepsUp = settle(cost: 0.7, drawing: 0.1)
        #expect(keepsUp.pacer.slowMotion == 1 && abs(keepsUp.physics - 0.233) < 0.01, "\(keepsUp)")
        // Physics that takes 5 wall seconds a simulated second: frames of 0.1 s, half physics.
        let slow = settle(cost: 5, drawing: 0.05)
        #expect(abs(slow.physics - 0.05) < 0.005, "physics gets what keeps a frame at 0.1 s: \(slow.physics) s")
        #expect(abs(slow.pacer.slowMotion - 0.1) < 0.01, "slow motion ×\(slow.pacer.slowMotion)")
        // Before, a count the machine could not carry (100,000 compute grains on llvmpipe: about
        // 80 wall seconds a simulated second, 0.3 s to draw) got as long as the drawing, and
        // frames of 0.6 s and more; the window answered Esc seconds late.
        for drawing: Float in [0.05, 0.3, 0.35] {
            let heavy = settle(cost: 80, drawing: drawing)
            #expect(drawing + heavy.physics <= FramePacer.longestFrameSeconds + 0.001, "a frame of \(drawing + heavy.physics) s")
        }
        // A frame cap's wait is no drawing: capped or not, slow physics gets the same share.
        let capped = settle(cost: 1.5, drawing: 0.05, waiting: 0.3), uncapped = settle(cost: 1.5, drawing: 0.05)
        #expect(abs(capped.physics - uncapped.physics) < 0.001, "capped \(capped.physics) s of physics, uncapped \(uncapped.physics) s")
        let drawingAlone = settle(cost: 80, drawing: 0.6)
        #expect(abs(drawingAlone.physics - FramePacer.leastPhysicsSeconds) < 0.001, "the sand still moves: \(drawingAlone.physics) s of physics")
    }

    @Test("a first frame's cost far above the physics' own is forgotten, though the frames after it step too little to be timed")
    func outlierForgotten() {
        var pacer = FramePacer()
        _ = pacer.simulatedSeconds(wall: 0.06)
        // A fresh pile's first sort: 100 wall seconds a simulated second, where the physics then
        // takes 4 ms a frame and 8 wall seconds a simulated second.
        pacer.record(physics: 100 * FramePacer.probeSeconds, simulated: FramePacer.probeSeconds)
        var seconds: Float = 0, physics: Float = 0
        for _ in 0..<60 {
            seconds = pacer.simulatedSeconds(wall: 0.06 + physics)
            physics = 0.004 + 8 * seconds
            pacer.record(physics: physics, simulated: seconds)
        }
        // The budget over that cost: 0.06 s of physics a frame buys about 0.007 simulated seconds.
        #expect(seconds > 0.005, "\(seconds) simulated seconds a frame")
    }

    /// A pacer after 60 frames of physics that costs `cost` wall seconds a simulated second,
    /// drawing that takes `drawing` seconds a frame and a frame cap that waits `waiting`.
    private func settle(cost: Float, drawing: Float, waiting: Float = 0) -> (pacer: FramePacer, physics: Float) {
        var pacer = FramePacer()
        var physics: Float = 0
        for _ in 0..<60 {
            let seconds = pacer.simulatedSeconds(wall: drawing + physics + waiting, waited: waiting)
            physics = cost * seconds
            pacer.record(physics: physics, simulated: seconds)
        }
        return (pacer, physics)
    }
}

/// An engine whose counts above the neck arrive `delay` steps late.
private final class LateCounts: PhysicsEngine {
    private let engine: PhysicsEngine
    private let delay: Int
    private var waiting: [UpperCount] = []
    private var arrived: UpperCount?

    init(_ engine: PhysicsEngine, delay: Int) {
        self.engine = engine
        self.delay = delay
    }

    var name: String { engine.name }
    var grainCount: Int { engine.grainCount }
    var substeps: Int {
        get { engine.substeps }
        set { engine.substeps = newValue }
    }
    var lastSubsteps: Int { engine.lastSubsteps }
    func load(_ grains: [Grain], profile: HourglassProfile) throws { try engine.load(grains, profile: profile) }
    func reshape(_ profile: HourglassProfile) { engine.reshape(profile) }
    func step(frameDt: Float, angle: Float, parameters: SimulationParameters) { engine.step(frameDt: frameDt, angle: angle, parameters: parameters) }
    func snapAfterFlip() { engine.snapAfterFlip() }
    func readGrains() -> [Grain] { engine.readGrains() }
    func requestUpperCount(tag: Int) {
        engine.requestUpperCount(tag: tag)
        if let count = engine.latestUpperCount() { waiting.append(count) }
        if waiting.count > delay { arrived = waiting.removeFirst() }
    }
    func latestUpperCount() -> UpperCount? { arrived }
}
