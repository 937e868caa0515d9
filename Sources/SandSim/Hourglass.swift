/// The hourglass as time runs: one engine's sand, its timer, and the simulated clock they share.
/// The window, `simulate`, `calibrate`, `bench` and the tests all advance it the same way; only
/// where the time comes from differs (the wall clock, or fixed frames).
///
/// A frame of any length is cut into ticks of at most `PhysicsConstants.tickSeconds`, each in
/// order: advance the clock and the timer (the flip's end maps the grains through the half
/// turn), turn the container, step the engine, ask for the count of grains above the neck, and
/// hand the newest count to the drain (neck friction and taps). A tick also ends where the timer
/// changes phase or a tap ends, so the sand, the timer and the drain agree at any frame rate.
public struct Hourglass {
    public private(set) var engine: PhysicsEngine
    /// The mode's gravity rule (SimulationParameters(duration:mode:count:grainRadius:)).
    public private(set) var mode: PhysicsMode
    public private(set) var grainRadius: Float
    /// The glass the engine's grains live in: the original's, or a long timer's narrower neck,
    /// chosen from the duration as each flip begins (NeckSizing).
    public private(set) var profile: HourglassProfile
    /// Start, reset, drag and settings go to the timer directly; `advance` moves it on.
    public var timer: HourglassTimer
    /// Simulated seconds since this hourglass was made.
    public private(set) var clock: Double = 0
    /// Calibration and benchmarks: the sand is left alone at this gravity, with no neck friction
    /// and no taps.
    public var fixedGravity: Float?
    /// Benchmarks of draining sand: no grain may sleep, as while the timer runs, however long
    /// the timer has rested.
    public var keepsAwake = false
    /// While paused the sand, the timer and the clock all stand still.
    public var isPaused = false

    /// The newest count of grains above the neck that has arrived; nil before the first of a pile.
    public private(set) var upper: Int?
    /// Seconds from the start of the running phase until the count that found the upper chamber
    /// empty after the last grain above; nil while sand is above, and from each new run.
    public private(set) var emptyAt: Float?
    /// Taps since the timer last started: how often the neck jammed.
    public private(set) var taps = 0
    /// Seconds since the running phase began, counted on past the timer's end while sand is late.
    public private(set) var runSeconds: Float = 0

    private var drain = DrainState.idle
    /// The timer's elapsed seconds when the drain began: 0 from a start, the turn's moment where
    /// a running glass was turned over (the drain then has the time that had run to empty in).
    private var drainFrom: Float = 0
    /// The timer's turnovers already taken as new runs.
    private var turnoversSeen = 0
    /// Ticks taken since this hourglass was made: the label each count is asked for with.
    private var ticks = 0
    /// The first tick of the current pile, and of the current run: older counts are of sand
    /// that has since been replaced or turned over.
    private var pileTick = 0
    private var runTick: Int?
    /// What each tick whose count has not yet arrived was: `runSeconds` after it (nil outside a
    /// run), and whether the glass stood past the quarter turn.
    private var pending: [Int: Pending] = [:]
    private struct Pending {
        var runSeconds: Float?
        var turned: Bool
        /// The flip was still turning the glass.
        var turning: Bool
    }
    private var lastCountTag = -1
    private var tapLeft: Float = 0
    /// Seconds since the sand last ran (a pile that never ran has long rested).
    private var restingFor = Float.infinity
    /// Time shorter than the shortest tick, carried to the next frame.
    private var carried: Float = 0

    /// Less than this is carried to the next frame rather than stepped on its own.
    static let shortestTick: Float = 1e-4

    private enum DrainState {
        /// The timer does not run.
        case idle
        /// The timer runs; the first count of the turned-over sand has not yet arrived.
        case waiting
        case draining(TimedDrain)
        /// Overtime ended with the upper chamber empty: nothing to keep until the next run.
        case done
    }

    /// What a frame did.
    public struct Frame: Sendable, Equatable {
        public var ticks = 0
        public var substeps = 0
        /// Simulated seconds stepped.
        public var seconds: Float = 0
        /// Host seconds spent asking and collecting the count above the neck.
        public var countSeconds: Double = 0

        public init() {}
    }

    /// `engine` holds `pile`'s grains; a timer of `duration` seconds, at rest.
    public init(engine: PhysicsEngine, mode: PhysicsMode, pile: Pile, duration: Float) {
        self.init(engine: engine, mode: mode, pile: pile, timer: HourglassTimer(duration: duration))
    }

    /// `engine` holds `pile`'s grains; `timer` may be shared (the glasses side by side).
    public init(engine: PhysicsEngine, mode: PhysicsMode, pile: Pile, timer: HourglassTimer) {
        self.engine = engine
        self.mode = mode
        grainRadius = pile.radius
        self.timer = timer
        profile = pile.profile
    }

    /// The pile was replaced (a reset, new settings, a new engine for another mode): counts and
    /// the drain start again.
    public mutating func replacePile(engine: PhysicsEngine, mode: PhysicsMode, pile: Pile) {
        self.engine = engine
        self.mode = mode
        grainRadius = pile.radius
        profile = pile.profile
        pileTick = ticks + 1
        runTick = nil
        drain = .idle
        upper = nil
        emptyAt = nil
        taps = 0
        runSeconds = 0
        pending = [:]
        tapLeft = 0
        restingFor = .infinity
    }

    /// Whether the drain is still at work: the timer runs, or it has ended with sand still above.
    public var isDraining: Bool {
        switch drain {
        case .waiting, .draining: true
        case .idle, .done: false
        }
    }

    /// Advances `seconds` of simulated time, in ticks.
    @discardableResult
    public mutating func advance(by seconds: Float) -> Frame {
        precondition(seconds.isFinite, "a frame of \(seconds) s")
        var frame = Frame()
        guard !isPaused else { return frame }
        var left = max(seconds, 0) + carried
        while left >= Self.shortestTick {
            let pieces = (left / PhysicsConstants.tickSeconds - 1e-3).rounded(.up)
            var tick = left / max(pieces, 1)
            if let change = timer.secondsToNextChange { tick = min(tick, max(change, Self.shortestTick)) }
            if tapLeft > 0 { tick = min(tick, tapLeft) }
            frame.countSeconds += step(tick)
            frame.ticks += 1
            frame.substeps += engine.lastSubsteps
            frame.seconds += tick
            left -= tick
        }
        carried = left
        return frame
    }

    /// One tick; returns the host seconds its count above the neck took.
    private mutating func step(_ seconds: Float) -> Double {
        ticks += 1
        clock += Double(seconds)
        let wasRunning = runTick != nil
        for action in timer.advance(by: seconds) where action == .snapAfterFlip {
            engine.snapAfterFlip()
        }
        if timer.phase == .resting || timer.phase == .flipping {
            runTick = nil
            drain = .idle
        } else if wasRunning, timer.turnovers == turnoversSeen {
            runSeconds += seconds
        } else if timer.phase == .running || wasRunning {
            beginRun(turnedOver: wasRunning)
        }
        turnoversSeen = timer.turnovers
        restingFor = timer.phase == .running ? 0 : restingFor + seconds
        if timer.phase == .flipping { fitNeck() }
        let angle = timer.containerAngle
        engine.step(frameDt: seconds, angle: angle, parameters: parameters())
        tapLeft = max(tapLeft - seconds, 0)
        pending[ticks] = Pending(runSeconds: runTick != nil ? runSeconds : nil, turned: angle >= FlipMotion.quarterTurn, turning: timer.isFlipAnimating)
        let clock = ContinuousClock()
        let started = clock.now
        engine.requestUpperCount(tag: ticks)
        if let count = engine.latestUpperCount() { hear(count) }
        return started.duration(to: clock.now).seconds
    }

    /// This tick's parameters: gravity for the timer's duration and this engine, and the drain's
    /// neck friction and tap.
    private func parameters() -> SimulationParameters {
        var parameters = SimulationParameters(duration: timer.duration, mode: mode, count: engine.grainCount, grainRadius: grainRadius)
        parameters.sleepAllowed = !keepsAwake && restingFor >= TimedDrain.sleepDelaySeconds
        if let fixedGravity {
            parameters.gravity = fixedGravity
            return parameters
        }
        if case .draining(let timed) = drain { parameters.neckDamping = timed.neckDamping(overtime: timer.phase == .complete) }
        if tapLeft > 0 { parameters.tap = TimedDrain.tapStrength }
        return parameters
    }

    /// The neck for the timer's duration, set while the pile still rests in the lower chamber at
    /// the flip's start; calibration keeps the glass it was given.
    private mutating func fitNeck() {
        guard fixedGravity == nil else { return }
        let radius = NeckSizing.innerRadius(duration: timer.duration, mode: mode, count: engine.grainCount, grainRadius: grainRadius)
        guard radius != profile.innerNeckRadius else { return }
        reshape(HourglassProfile(grainRadius: grainRadius, innerNeckRadius: radius))
    }

    /// Puts the pile in `profile`'s glass (calibration's narrowed necks; a long timer's neck).
    public mutating func reshape(_ profile: HourglassProfile) {
        self.profile = profile
        engine.reshape(profile)
    }

    /// The glass has just passed the quarter turn: the sand that was below is above the neck,
    /// and the timer runs from then (by hand, from the drag that passed it, the tick's time
    /// already counts). `turnedOver`: a running glass was turned over, and its drain has the
    /// time that had run to empty in, from where the timer stands.
    private mutating func beginRun(turnedOver: Bool = false) {
        runTick = ticks
        runSeconds = timer.elapsed
        drainFrom = turnedOver ? timer.elapsed : 0
        emptyAt = nil
        taps = 0
        tapLeft = 0
        drain = fixedGravity == nil ? .waiting : .idle
    }

    /// Takes a count that has arrived: the first of a run starts the drain, the later ones keep it.
    private mutating func hear(_ count: UpperCount) {
        guard count.tag > lastCountTag, count.tag >= pileTick, let tick = pending[count.tag] else { return }
        lastCountTag = count.tag
        pending = pending.filter { $0.key > count.tag }
        // Turned past the quarter turn, the chamber above is the one below the neck's centre in
        // the glass's own frame, where the engine counts.
        let above = tick.turned ? engine.grainCount - count.count : count.count
        upper = above
        guard let runTick, count.tag >= runTick, let seconds = tick.runSeconds else { return }
        if above > 0 {
            emptyAt = nil
        } else if emptyAt == nil {
            emptyAt = seconds
        }
        let overtime = timer.phase == .complete
        switch drain {
        case .idle, .done:
            return
        case .waiting:
            drain = .draining(TimedDrain(upper: above, duration: timer.duration - drainFrom))
        case .draining(var timed):
            if timed.hear(upper: above, at: seconds - drainFrom, overtime: overtime, turning: tick.turning) {
                taps += 1
                tapLeft = TimedDrain.tapSeconds
            }
            drain = overtime && above == 0 ? .done : .draining(timed)
        }
    }
}
