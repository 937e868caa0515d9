/// Keeps the hourglass on time. While the timer runs it compares the grains above the neck with
/// the straight line from all of them at the start to none at the end, and sets the neck's
/// friction — the original's own lever — from how far ahead of that line the sand is: more
/// friction when the sand runs early, none when it is late. It never moves, holds or removes a
/// grain; the physics, sized so sand runs a little faster than the timer needs, does the rest.
public struct DrainController: Sendable {
    /// Grains above the neck when the timer started; some run through while the glass turns.
    public let count: Int
    public let duration: Float
    /// Friction per second of lead, and per second² of lead accumulated over time. Strong: sand
    /// that gets ahead near the end (the thinning pile runs faster) must be held at once; with
    /// 15 and 15, 250 CPU grains emptied 5–9% early at 5 s. Chosen over 9 runs each of 5, 10 and
    /// 30 s (docs/PHYSICS.md).
    public static let proportionalGain: Float = 80
    public static let integralGain: Float = 40
    /// Friction at most. With the grains' friction at 0.3 the sand runs faster, and 60 could
    /// not hold back 250 small grains (size 0.5) at 5 s, which emptied 22% early; 20 could not
    /// hold a few hundred large grains on the compute engine (docs/PHYSICS.md).
    public static let maximumDamping: Float = 120
    /// Behind the line, the friction the integral learned is let go with this time constant:
    /// late sand must not be held back while the integral unwinds at the rate of a small lag
    /// (it took 3 s of a 5 s timer, with the sand running at two thirds of the rate it needed).
    public static let releaseSeconds: Float = 0.5

    private var accumulated: Float = 0
    /// The neck friction to use for the next frame (SimulationParameters.neckDamping).
    public private(set) var neckDamping: Float = 0

    /// Friction starts at half its most: at the start the whole pile falls onto the neck at once,
    /// and with none it floods through (a fifth of 5,000 grains in under a second).
    public init(count: Int, duration: Float) {
        self.count = count
        self.duration = duration
        accumulated = Self.maximumDamping / (2 * Self.integralGain)
        neckDamping = Self.maximumDamping / 2
    }

    /// Grains that should still be above the neck `elapsed` seconds into the running phase.
    public func ideal(elapsed: Float) -> Float {
        Float(count) * max(1 - elapsed / duration, 0)
    }

    /// How many seconds ahead of the straight line the sand is (negative: behind).
    public func lead(upper: Int, elapsed: Float) -> Float {
        let rate = Float(count) / duration
        return (ideal(elapsed: elapsed) - Float(upper)) / rate
    }

    /// Takes the count above the neck after a frame of `dt` and sets the next frame's friction.
    public mutating func update(upper: Int, elapsed: Float, dt: Float) {
        let lead = lead(upper: upper, elapsed: elapsed)
        // The accumulated term only ever holds what friction needs, so it cannot wind up.
        let release = lead < 0 ? accumulated * min(dt / Self.releaseSeconds, 1) : 0
        accumulated = min(max(accumulated + lead * dt - release, 0), Self.maximumDamping / Self.integralGain)
        neckDamping = min(max(Self.proportionalGain * lead + Self.integralGain * accumulated, 0), Self.maximumDamping)
    }
}

/// The drain controller applied frame by frame, one loop for the window and for headless runs:
/// while the timer runs, a controller started from the grains above the neck as the run begins
/// sets the neck friction for each frame and hears how many grains are above after it. When
/// the sand has stopped although it is late and friction is off, an arch has closed the neck
/// (openings under about five grains clog; Zuriguel et al. 2005): the glass is tapped, as a
/// person taps a real hourglass, a short knock along its axis that lifts the sand off the arch.
public struct TimedDrain: Sendable {
    /// The running timer's controller; nil while the timer does not run.
    public private(set) var controller: DrainController?
    /// Taps since the timer last started: how often the neck jammed.
    public private(set) var taps = 0
    private var lastUpper = 0
    /// Seconds since the timer started, counted here: the timer's own clock stops at its end.
    private var clock: Float = 0
    private var stalledSince: Float = 0
    private var tapping: Float = 0
    /// Seconds since the sand last ran (a pile that never ran has long rested).
    private var restingFor = Float.infinity

    /// The compute engine may put grains to sleep only this long after the timer: a sleeper
    /// cannot move, and the cone the stream built must first settle to its angle of repose
    /// (1,000 grains: 42° when they slept at once, 34° 2 s after the timer and 32° after 10 s
    /// when they did not; docs/PHYSICS.md).
    public static let sleepDelaySeconds: Float = 3

    /// The knock: the glass drops at this many g for `tapSeconds`, so in its frame the sand is
    /// thrown up at 3 g, off the arch.
    public static let tapStrength: Float = 4
    public static let tapSeconds: Float = 1.0 / 30
    /// No grain through for this long, or for this many of the timer's intervals between two
    /// grains if that is longer, while the sand is late: the neck is jammed.
    public static let stallSeconds: Float = 0.25
    public static let stallIntervals: Float = 6

    public init() {}

    /// One frame of `engine` under `timer`: `advance` steps it with these parameters. Returns
    /// the grains read after the step while the timer runs (the controller needs them), else nil.
    /// With `freeGravity` the running sand is left alone at that gravity, with no friction and
    /// no taps: how calibration measures each engine's own flow.
    public mutating func frame(engine: PhysicsEngine, timer: HourglassTimer, mode: PhysicsMode, grainRadius: Float,
                               frameDt: Float, freeGravity: Float? = nil, advance: (SimulationParameters) -> Void) -> [Grain]? {
        // After the timer ends, sand still above is late by any measure: tapping goes on until
        // it is through (the glass is not left jammed), then the drain rests until the next start.
        let overtime = timer.phase == .complete && controller != nil
        restingFor = timer.phase == .running ? 0 : restingFor + frameDt
        guard timer.phase == .running || overtime else {
            controller = nil
            var parameters = SimulationParameters(duration: timer.duration, mode: mode, count: engine.grainCount, grainRadius: grainRadius)
            parameters.sleepAllowed = restingFor >= Self.sleepDelaySeconds
            advance(parameters)
            return nil
        }
        if controller == nil {
            let upper = DrainSample.upperCount(engine.readGrains())
            controller = DrainController(count: upper, duration: timer.duration)
            taps = 0
            lastUpper = upper
            clock = 0
            stalledSince = 0
        }
        guard var running = controller else { return nil }
        var parameters = SimulationParameters(duration: running.duration, mode: mode, count: engine.grainCount, grainRadius: grainRadius)
        parameters.neckDamping = overtime ? 0 : running.neckDamping
        parameters.sleepAllowed = restingFor >= Self.sleepDelaySeconds
        if let freeGravity {
            parameters.gravity = freeGravity
            parameters.neckDamping = 0
            advance(parameters)
            return engine.readGrains()
        }
        if tapping > 0 {
            parameters.tap = Self.tapStrength
            tapping -= frameDt
        }
        advance(parameters)
        clock += frameDt
        let grains = engine.readGrains()
        let upper = DrainSample.upperCount(grains)
        if !overtime { running.update(upper: upper, elapsed: timer.elapsed, dt: frameDt) }
        if upper != lastUpper {
            lastUpper = upper
            stalledSince = clock
        }
        let patience = max(Self.stallSeconds, Self.stallIntervals * running.duration / Float(max(running.count, 1)))
        let late = overtime || (running.lead(upper: upper, elapsed: timer.elapsed) < 0 && running.neckDamping == 0)
        if upper > 0, late, clock - stalledSince > patience {
            taps += 1
            tapping = Self.tapSeconds
            stalledSince = clock
        }
        controller = overtime && upper == 0 ? nil : running
        return grains
    }
}
