/// A running timer's drain, kept from counts of the grains above the neck: the controller's
/// neck friction while the timer runs, and a tap when the neck has jammed. When the sand has
/// stopped although it is late and friction is off, an arch has closed the neck (openings under
/// about five grains clog; Zuriguel et al. 2005): the glass is tapped, as a person taps a real
/// hourglass, a short knock along its axis that lifts the sand off the arch. It only hears
/// counts and answers; `Hourglass` steps the engine.
public struct TimedDrain: Sendable {
    public private(set) var controller: DrainController
    private var lastUpper: Int
    private var lastSeconds: Float = 0
    private var stalledSince: Float = 0

    /// The compute engine may put grains to sleep only this long after the timer: a sleeper
    /// cannot move, and the cone the stream built must first settle to its angle of repose
    /// (docs/PHYSICS.md).
    public static let sleepDelaySeconds: Float = 3

    /// The knock: the glass drops at this many g for `tapSeconds`, so in its frame the sand is
    /// thrown up at 3 g, off the arch.
    public static let tapStrength: Float = 4
    public static let tapSeconds: Float = 1.0 / 30
    /// No grain through for this long, or for this many of the timer's intervals between two
    /// grains if that is longer, while the sand is late: the neck is jammed.
    public static let stallSeconds: Float = 0.25
    public static let stallIntervals: Float = 6

    /// A drain for `upper` grains above the neck as the timer starts to run for `duration`.
    public init(upper: Int, duration: Float) {
        controller = DrainController(count: upper, duration: duration)
        lastUpper = upper
    }

    /// Hears that `upper` grains were above the neck `seconds` into the run, and says whether to
    /// tap now. `overtime`: the timer has ended with sand still above, which is late by any
    /// measure: friction is off and tapping goes on until the sand is through. `turning`: the
    /// flip still turns the glass, the sand still slides and falls onto the neck, which is no
    /// jam: the stall is timed from the flip's end (knocked as it landed, 20,000 grains
    /// overlapped by a fifth of a diameter; docs/PHYSICS.md, "Keeping time").
    public mutating func hear(upper: Int, at seconds: Float, overtime: Bool, turning: Bool) -> Bool {
        if !overtime { controller.update(upper: upper, elapsed: seconds, dt: max(seconds - lastSeconds, 0)) }
        lastSeconds = seconds
        if upper != lastUpper || turning {
            lastUpper = upper
            stalledSince = seconds
        }
        let patience = max(Self.stallSeconds, Self.stallIntervals * controller.duration / Float(max(controller.count, 1)))
        let late = overtime || (controller.lead(upper: upper, elapsed: seconds) < 0 && controller.neckDamping == 0)
        guard upper > 0, late, seconds - stalledSince > patience else { return false }
        stalledSince = seconds
        return true
    }

    /// The neck friction for the next steps: the controller's while the timer runs, none after.
    public func neckDamping(overtime: Bool) -> Float {
        overtime ? 0 : controller.neckDamping
    }
}
