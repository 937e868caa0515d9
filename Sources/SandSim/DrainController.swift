/// Keeps the hourglass on time. While the timer runs it compares the grains above the neck with
/// the straight line from all of them at the start to none at the end, and sets the neck's
/// friction — the original's own lever — from how far ahead of that line the sand is: more
/// friction when the sand runs early, none when it is late. It never moves, holds or removes a
/// grain; the physics, sized so sand runs a little faster than the timer needs, does the rest.
public struct DrainController: Sendable {
    /// Grains above the neck when the timer started; some run through while the glass turns.
    public let count: Int
    public let duration: Float
    /// Friction per second of lead, and per second² of lead accumulated over time.
    public static let proportionalGain: Float = 15
    public static let integralGain: Float = 15
    /// Friction at most. Measured against 20 and 120 (docs/PHYSICS.md): 20 cannot hold back a
    /// few hundred large grains on the compute engine (300 grains emptied 4.3 s into 10 s) nor
    /// the last grains of a 30 s CPU run; 120 stalls the flow so it ends late.
    public static let maximumDamping: Float = 60

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
        accumulated = min(max(accumulated + lead * dt, 0), Self.maximumDamping / Self.integralGain)
        neckDamping = min(max(Self.proportionalGain * lead + Self.integralGain * accumulated, 0), Self.maximumDamping)
    }
}

/// The drain controller applied frame by frame, one loop for the window and for headless runs:
/// while the timer runs, a controller started from the grains above the neck as the run begins
/// sets the neck friction for each frame and hears how many grains are above after it.
public struct TimedDrain: Sendable {
    /// The running timer's controller; nil while the timer does not run.
    public private(set) var controller: DrainController?

    public init() {}

    /// One frame of `engine` under `timer`: `advance` steps it with these parameters. Returns
    /// the grains read after the step while the timer runs (the controller needs them), else nil.
    public mutating func frame(engine: PhysicsEngine, timer: HourglassTimer, mode: PhysicsMode, grainRadius: Float,
                               frameDt: Float, advance: (SimulationParameters) -> Void) -> [Grain]? {
        guard timer.phase == .running else {
            controller = nil
            advance(SimulationParameters(duration: timer.duration, mode: mode, grainRadius: grainRadius))
            return nil
        }
        var running = controller ?? DrainController(count: DrainSample.upperCount(engine.readGrains()), duration: timer.duration)
        var parameters = SimulationParameters(duration: running.duration, mode: mode, grainRadius: grainRadius)
        parameters.neckDamping = running.neckDamping
        advance(parameters)
        let grains = engine.readGrains()
        running.update(upper: DrainSample.upperCount(grains), elapsed: timer.elapsed, dt: frameDt)
        controller = running
        return grains
    }
}
