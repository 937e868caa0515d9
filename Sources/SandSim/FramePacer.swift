/// How much simulated time a window's frame advances the hourglass. As much as the wall clock
/// moved since the last frame, so the sand keeps real time at any frame rate, unless:
/// - the frame was a stall (a dragged window, a stopped process): the clock moves at most
///   `stallSeconds`, and the timer waits with it;
/// - the physics cannot keep up (an engine that needs more than a wall second for a simulated
///   second here): then the frame steps only what its physics budget buys, and the sand, the
///   timer and the drain all run in slow motion together, by `slowMotion`.
/// Physics that can keep up keeps real time down to `realTimeSeconds` a frame (2 fps): an egg
/// timer must keep time before it looks smooth. Physics that cannot is given frames nearer
/// `interactiveSeconds` the slower it is, where slow motion runs about as fast whatever the
/// frame rate, and as long as the drawing takes only where the frame stays within
/// `longestFrameSeconds`: whatever the count, the sand goes into slow motion before the window
/// stops answering.
public struct FramePacer: Sendable {
    public static let stallSeconds: Float = 1
    public static let realTimeSeconds: Float = 0.5
    public static let interactiveSeconds: Float = 0.1
    /// The longest frame planned for physics that cannot keep up, drawing and physics together:
    /// at least 2 frames a second, so a click or Esc is answered within a second at any count.
    public static let longestFrameSeconds: Float = 0.4
    /// The physics' share of a frame whose drawing alone takes `longestFrameSeconds`: the sand
    /// still moves.
    public static let leastPhysicsSeconds: Float = 0.02
    /// What the first frames step, before the physics has been timed: little enough that a
    /// count the machine cannot carry does not freeze them, enough to be timed (`shortestTimed`).
    public static let probeSeconds: Float = shortestTimed
    /// Wall seconds over which `slowMotion` is averaged.
    public static let averagingSeconds: Float = 1

    /// Physics wall seconds and the simulated seconds they bought, each a sum that forgets old
    /// frames: their ratio is the physics' cost per simulated second, and a frame of little
    /// simulated time (the first) weighs little in it.
    private var physicsSum: Float = 0
    private var simulatedSum: Float = 0
    /// Wall seconds a frame beside the physics, a running average; nil until measured.
    private var drawing: Float?
    /// What the last frame waited for its physics.
    private var lastPhysics: Float = 0
    /// Recent frames' simulated seconds, and the wall seconds they stood for, for `slowMotion`.
    private var recent: [(simulated: Float, wall: Float)] = []

    /// Simulated seconds per wall second over about the last second: 1 while the sand keeps
    /// real time, less in slow motion.
    public private(set) var slowMotion: Float = 1

    public init() {}

    /// The simulated seconds the frame that began `wall` seconds after the last should step;
    /// `waited` of them the window idled for a frame cap.
    public mutating func simulatedSeconds(wall: Float, waited: Float = 0) -> Float {
        let wall = max(wall, 0)
        // A stall, or a frame cap's wait, is no measure of the drawing.
        let drawing = wall > Self.stallSeconds ? self.drawing ?? 0 : Self.average(self.drawing, max(wall - waited - lastPhysics, 0))
        self.drawing = drawing
        // Until the physics has been timed, a frame steps a probe: an engine that cannot keep
        // up must not freeze the first frames.
        var seconds = min(wall, simulatedSum > 0 ? Self.stallSeconds : Self.probeSeconds)
        var behind = false
        if simulatedSum > 0, physicsSum > 0 {
            let cost = physicsSum / simulatedSum
            let frame = max(Self.realTimeSeconds / max(cost * cost, 1), Self.interactiveSeconds)
            let budget = max(frame - drawing, min(drawing, Self.longestFrameSeconds - drawing), Self.leastPhysicsSeconds)
            behind = budget / cost < seconds
            seconds = min(seconds, budget / cost)
        }
        // A stall, or the first frames, hold the clock once; only physics that cannot keep up
        // is slow motion.
        recent.append((seconds, behind ? wall : seconds))
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
    /// for `simulated` seconds, of which the frame waited `blocking` (all of it by default; less
    /// where the physics ran beside the drawing).
    public mutating func record(physics: Float, simulated: Float, blocking: Float? = nil) {
        lastPhysics = max(blocking ?? physics, 0)
        // A frame of almost no simulated time measures the step's fixed cost with its rate, too
        // high a cost, which would shorten the next frames further: it may only lower the cost,
        // where the one measured is higher still (a fresh pile's first sort took 47.7 ms for
        // 0.0011 s, and 25,000 compute grains then stepped too little ever to be timed again).
        if simulated < Self.shortestTimed {
            guard simulated > 0, simulatedSum > 0, physics / simulated < physicsSum / simulatedSum else { return }
        }
        physicsSum = Self.forgetting * physicsSum + max(physics, 0)
        simulatedSum = Self.forgetting * simulatedSum + max(simulated, 0)
    }

    /// What a sum keeps of itself each frame: it follows a change within a few frames.
    static let forgetting: Float = 0.7
    static let shortestTimed: Float = 0.001

    /// A running average that follows a change within a few frames.
    private static func average(_ old: Float?, _ new: Float) -> Float {
        old.map { forgetting * $0 + (1 - forgetting) * new } ?? new
    }
}
