/// The original's `-test` run without a window: let the pile settle, play the flip with the
/// grains tumbling under the turning gravity, run the timer to completion, let the last grains
/// land, and report. With `flips` above 1 the same pile is flipped and run again that often;
/// with a `hand`, the hand turns the glass instead of Start.
public struct HeadlessRun: Sendable {
    public var settleSeconds: Float
    public var flips: Int
    /// The frame time of a headless run: one tick a frame.
    public var frameDt: Float = PhysicsConstants.tickSeconds
    /// Seconds between rows of the drain trace.
    public var traceInterval: Float = 0.1
    /// Whether to look for the deepest grain overlap every frame (reads every grain back).
    public var measureOverlap = true
    /// Calibration: the running sand is left alone at this gravity (no drain controller, no
    /// taps) and the run ends as the upper chamber empties.
    public var freeGravity: Float?
    /// Calibration: the neck's opening in grain diameters, where it is not the original's.
    public var neckDiameters: Float?
    /// A hand that turns the glass (its seconds count from the fresh pile) in place of the
    /// settling and Start's flip: the run ends once it has let go, the glass stands again and
    /// any timer it started is over, then the landing.
    public var hand: ScriptedHand?

    /// How long a fresh pile settles before an automatic start.
    public static let defaultSettleSeconds: Float = 2
    /// After the timer ends the run goes on this long, so the last grains land before the summary.
    public static let defaultLandingSeconds: Float = 2
    /// Seconds the run goes on after the timer ends; longer shows whether the piles rest.
    public var landingSeconds = defaultLandingSeconds

    public init(settleSeconds: Float = defaultSettleSeconds, flips: Int = 1) {
        self.settleSeconds = settleSeconds
        self.flips = max(flips, 1)
    }

    public struct Result: Sendable {
        public var grains: [Grain]
        public var trace: [DrainSample]
        public var simulatedSeconds: Double
        public var wallSeconds: Double
        /// For each flip, seconds from the start of the running phase until the last grain left
        /// the upper chamber; nil for a flip whose upper chamber never emptied.
        public var emptyAt: [Float?]
        /// The deepest overlap between two grains seen in any frame, in grain diameters.
        public var maxOverlap: Float
        /// What the hanging watch saw: grains still with nothing under them against gravity.
        public var hanging: HangingWatch
        /// The longest any grain hung, in seconds: 0 for sand that falls when it is not held up.
        public var longestHang: Float { hanging.longest }
        /// The deepest overlap seen between grains in the neck (|y| < neck half height).
        public var maxNeckOverlap: Float
        /// The most grains outside the glass, or with a non-finite value, at the end of any flip.
        public var lost: Int
        /// How often the glass was tapped to free a jammed neck, over all flips.
        public var taps: Int
        /// The glass of the last run (a long timer's neck is narrower).
        public var profile: HourglassProfile
        /// With a hand: the grains as it lets go, and the glass's turn then.
        public var atRelease: (grains: [Grain], angle: Float)?
        /// With a hand that holds the glass still before it lets go: the grains as the hold began.
        public var atHoldStart: [Grain]?
        /// Seconds into the run at which each run of the timer began, and each tap came.
        public var runStarts: [Float] = []
        public var tapTimes: [Float] = []
    }

    /// Runs `start`: its engine holds its pile, its timer at rest. `progress` hears each phase change.
    public func run(_ start: Hourglass, progress: (TimerPhase) -> Void = { _ in }) -> Result {
        var hourglass = start
        let engine = hourglass.engine, profile = hourglass.profile
        hourglass.fixedGravity = freeGravity
        if let neckDiameters { hourglass.reshape(HourglassProfile(grainRadius: profile.grainRadius, innerNeckRadius: neckDiameters * profile.grainRadius)) }
        var trace: [DrainSample] = []
        var time: Float = 0
        var nextSample: Float = 0
        var maxOverlap: Float = 0, maxNeckOverlap: Float = 0
        var hanging = HangingWatch(), nextLook: Float = 0
        var atRelease: (grains: [Grain], angle: Float)?
        var atHoldStart: [Grain]?
        var lost = 0
        var taps = 0
        var emptyAt: [Float?] = []
        var runStarts: [Float] = [], tapTimes: [Float] = []
        // The phase as the last frame left it: what changes it between frames (a start, the
        // hand's move) is seen with what the frame itself changes.
        var phaseSeen = hourglass.timer.phase
        let clock = ContinuousClock()
        let started = clock.now

        func frame() {
            let sampleDue = time >= nextSample
            let before = phaseSeen, tapsBefore = hourglass.taps
            hourglass.advance(by: frameDt)
            time += frameDt
            phaseSeen = hourglass.timer.phase
            if hourglass.timer.phase != before, hourglass.timer.phase == .running {
                progress(.running)
                runStarts.append(time - hourglass.runSeconds)
            } else if before == .running, hourglass.timer.phase == .flipping, !runStarts.isEmpty {
                // Turned back across the quarter turn in the hand: that run never was.
                runStarts.removeLast()
            }
            if hourglass.taps > tapsBefore { tapTimes.append(time) }
            guard sampleDue || measureOverlap else { return }
            let grains = engine.readGrains()
            if sampleDue {
                trace.append(DrainSample(time: time, phase: hourglass.timer.phase, grains: grains,
                                         turned: hourglass.timer.containerAngle >= FlipMotion.quarterTurn))
                nextSample += traceInterval
            }
            if measureOverlap, time >= nextLook {
                let up = SimulationParameters.up(angle: hourglass.timer.containerAngle)
                hanging.look(at: grains, time: time, profile: hourglass.profile, up: up)
                nextLook += HangingWatch.interval
            }
            if measureOverlap {
                let overlap = PileMeasures.maxOverlap(grains)
                maxOverlap = max(maxOverlap, overlap.anywhere)
                maxNeckOverlap = max(maxNeckOverlap, overlap.inNeck)
            }
        }

        /// What a run of the timer left: when the chamber above emptied, the taps, grains lost.
        func endRun() {
            taps += hourglass.taps
            emptyAt.append(hourglass.emptyAt)
            let summary = RunSummary(mode: "", grains: engine.readGrains(), profile: hourglass.profile, simulatedSeconds: 0, wallSeconds: 0)
            lost = max(lost, summary.outside + summary.nonFinite)
        }

        progress(.resting)
        if var hand {
            // The hand takes hold of a glass at rest with the pile it was given: no pile to build.
            repeat {
                let holding = hand.stage != .released
                hourglass.timer.follow(hand.moves(at: time))
                if holding, hand.stage == .released { atRelease = (engine.readGrains(), hand.angle(at: time)) }
                if atHoldStart == nil, time >= hand.holdSeconds, time < hand.releaseSeconds { atHoldStart = engine.readGrains() }
                frame()
            } while hand.stage != .released || hourglass.timer.flip != nil || hourglass.timer.phase == .running
            if hourglass.timer.phase == .complete { progress(.complete) }
            for _ in 0..<Int((landingSeconds / frameDt).rounded()) { frame() }
            endRun()
        } else {
            for _ in 0..<Int((settleSeconds / frameDt).rounded()) { frame() }
            for _ in 0..<flips {
                hourglass.timer.turnOver()
                progress(hourglass.timer.phase)
                while hourglass.timer.phase != .complete {
                    frame()
                    if freeGravity != nil, hourglass.emptyAt != nil { break }
                }
                progress(.complete)
                for _ in 0..<(freeGravity == nil ? Int((landingSeconds / frameDt).rounded()) : 0) { frame() }
                endRun()
            }
        }
        let grains = engine.readGrains()
        trace.append(DrainSample(time: time, phase: hourglass.timer.phase, grains: grains))
        return Result(grains: grains, trace: trace, simulatedSeconds: Double(time), wallSeconds: started.duration(to: clock.now).seconds,
                      emptyAt: emptyAt, maxOverlap: maxOverlap, hanging: hanging, maxNeckOverlap: maxNeckOverlap, lost: lost, taps: taps,
                      profile: hourglass.profile, atRelease: atRelease, atHoldStart: atHoldStart, runStarts: runStarts, tapTimes: tapTimes)
    }
}

/// One row of the drain trace: how many grains are above and below the neck at a moment.
public struct DrainSample: Sendable, Equatable {
    public var time: Float
    public var phase: TimerPhase
    public var upper: Int
    public var lower: Int

    /// `turned`: the glass stands past a quarter turn, so the chamber above is the one below
    /// the neck in its own frame.
    public init(time: Float, phase: TimerPhase, grains: [Grain], turned: Bool = false) {
        self.time = time
        self.phase = phase
        let above = Self.upperCount(grains)
        upper = turned ? grains.count - above : above
        lower = grains.count - upper
    }

    /// Grains above the neck's centre: the upper chamber's sand.
    public static func upperCount(_ grains: [Grain]) -> Int {
        grains.reduce(0) { $0 + ($1.position.y > 0 ? 1 : 0) }
    }

    /// R² of a straight line through the upper count over 10–90% drained of the first run of
    /// the timer in `trace`: 1 is sand running at a steady rate. Nil without such a stretch.
    public static func straightness(_ trace: [DrainSample]) -> Double? {
        drainingStretch(trace).flatMap { LeastSquaresLine($0) }?.rSquared
    }

    /// (time, upper) over 10–90% drained of the first run of the timer in `trace` that got so
    /// far: a run the hand turned back across the quarter turn before it did is passed over (or
    /// the first run, where none did).
    private static func drainingStretch(_ trace: [DrainSample]) -> [(x: Double, y: Double)]? {
        var runs: [ArraySlice<DrainSample>] = []
        var next = trace.startIndex
        while let start = trace[next...].firstIndex(where: { $0.phase == .running }) {
            let run = trace[start...].prefix { $0.phase == .running }
            runs.append(run)
            next = run.endIndex
        }
        func drained(_ sample: DrainSample, of run: ArraySlice<DrainSample>) -> Double {
            let first = run[run.startIndex], total = Double(first.upper + first.lower)
            return total > 0 ? (total - Double(sample.upper)) / total : 0
        }
        guard let run = runs.first(where: { run in run.contains { drained($0, of: run) >= 0.9 } }) ?? runs.first else { return nil }
        return run
            .filter { (0.1...0.9).contains(drained($0, of: run)) }
            .map { (x: Double($0.time), y: Double($0.upper)) }
    }

    /// Grains a second through the neck over 10–90% drained of the first run of the timer: the
    /// slope of a straight line through the upper count. Nil without such a stretch.
    public static func flowRate(_ trace: [DrainSample]) -> Double? {
        drainingStretch(trace).flatMap { LeastSquaresLine($0) }.map { -$0.slope }
    }

    public static let csvHeader = "time,phase,upper,lower"
    public var csvRow: String { "\(RunSummary.format(Double(time), digits: 3)),\(phase.rawValue),\(upper),\(lower)" }
}

/// Every grain as text, one per line: the original's test_results.txt.
public enum GrainDump {
    public static func text(_ grains: [Grain]) -> String {
        var lines = ["# index x y z vx vy vz sleepCounter"]
        for (index, grain) in grains.enumerated() {
            let p = grain.position, v = grain.velocity
            let values = [p.x, p.y, p.z, v.x, v.y, v.z].map { RunSummary.format(Double($0), digits: 6) }
            lines.append("\(index) " + values.joined(separator: " ") + " \(Int(grain.sleepCounter))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
