/// How much simulated time a window's frame advances the hourglass. As much as the wall clock
/// moved since the last frame, so the sand keeps real time at any frame rate, unless:
/// - the frame was a stall (a dragged window, a stopped process): the clock moves at most
///   `stallSeconds`, and the timer waits with it;
/// - the physics cannot keep up (an engine that needs more than a wall second for a simulated
///   second here): then the frame steps only what its physics budget buys, and the sand, the
///   timer and the drain all run in slow motion together, by `slowMotion`.
/// A frame's physics budget keeps the window at `interactiveSeconds` a frame where the drawing
/// leaves room, and never less than the drawing takes: slow motion then runs at least half
/// as fast as the physics alone allows.
public struct FramePacer: Sendable {
    public static let stallSeconds: Float = 1
    public static let interactiveSeconds: Float = 0.1
    /// Wall seconds over which `slowMotion` is averaged.
    public static let averagingSeconds: Float = 1

    /// Physics wall seconds per simulated second, and wall seconds a frame beside the physics,
    /// each a running average; nil until measured.
    private var cost: Float?
    private var drawing: Float?
    private var lastPhysics: Float = 0
    /// Recent frames' (simulated, wall) seconds, for `slowMotion`.
    private var recent: [(simulated: Float, wall: Float)] = []

    /// Simulated seconds per wall second over about the last second: 1 while the sand keeps
    /// real time, less in slow motion.
    public private(set) var slowMotion: Float = 1

    public init() {}

    /// The simulated seconds the frame that began `wall` seconds after the last should step.
    public mutating func simulatedSeconds(wall: Float) -> Float {
        let wall = max(wall, 0)
        drawing = Self.average(drawing, max(wall - lastPhysics, 0))
        var seconds = min(wall, Self.stallSeconds)
        if let cost, cost > 0, let drawing {
            let budget = max(Self.interactiveSeconds - drawing, drawing)
            seconds = min(seconds, budget / cost)
        }
        recent.append((seconds, wall))
        var span: Float = 0
        var kept = 0
        for frame in recent.reversed() where span < Self.averagingSeconds {
            span += frame.wall
            kept += 1
        }
        recent.removeFirst(recent.count - kept)
        let simulated = recent.reduce(0) { $0 + $1.simulated }
        slowMotion = span > 0 ? min(simulated / span, 1) : 1
        return seconds
    }

    /// What the frame's physics cost: `physics` wall seconds (the GPU's time where it runs there)
    /// for `simulated` seconds.
    public mutating func record(physics: Float, simulated: Float) {
        lastPhysics = max(physics, 0)
        guard simulated > 0 else { return }
        cost = Self.average(cost, lastPhysics / simulated)
    }

    /// A running average that follows a change within a few frames.
    private static func average(_ old: Float?, _ new: Float) -> Float {
        old.map { 0.7 * $0 + 0.3 * new } ?? new
    }
}
