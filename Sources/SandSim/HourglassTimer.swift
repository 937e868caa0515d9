/// The timer's phases, as in the original: a Start plays the flip, and the countdown begins
/// only when the flip is done.
public enum TimerPhase: String, Sendable, Codable {
    case resting, flipping, running, complete
}

/// What the owner of the engine must do after a timer transition.
public enum TimerAction: Equatable, Sendable {
    /// Build a fresh pile with these settings (new engine if the mode changed).
    case respawn(GrainSettings)
    /// The flip finished: map the grains through the half turn.
    case snapAfterFlip
}

/// What a spawn is built from; count and size changes wait for the next start or reset.
public struct GrainSettings: Equatable, Sendable, Codable {
    public var mode: PhysicsMode
    public var count: Int
    public var size: Float

    public init(mode: PhysicsMode, count: Int, size: Float = 1) {
        self.mode = mode
        self.count = count
        self.size = size
    }
}

/// The eased half turn of the flip.
public enum FlipAnimation {
    public static let duration: Float = 1.2

    /// Container angle after `elapsed` seconds of the flip: ease in and out from 0 to π.
    public static func angle(elapsed: Float) -> Float {
        FlipMotion.animated(from: 0, to: .pi, elapsed: elapsed).angle
    }
}

/// How the container turns while the timer is flipping: by the clock (the Start button's flip,
/// or the finish of a released drag), or by hand.
public enum FlipMotion: Sendable, Equatable {
    /// Eased from one angle to another at the flip's pace: a half turn takes 1.2 s.
    case animated(from: Float, to: Float, elapsed: Float)
    /// Held by the mouse at this angle.
    case manual(angle: Float)

    public var angle: Float {
        switch self {
        case .manual(let angle):
            return angle
        case .animated(let from, let to, let elapsed):
            let t = min(max(elapsed / duration, 0), 1)
            return from + (to - from) * t * t * (3 - 2 * t)
        }
    }

    /// Seconds the animation takes: in proportion to the angle it covers, never a snap.
    public var duration: Float {
        guard case .animated(let from, let to, _) = self else { return .infinity }
        return max(FlipAnimation.duration * abs(to - from) / .pi, 0.15)
    }

    var isFinished: Bool {
        guard case .animated(_, _, let elapsed) = self else { return false }
        return elapsed >= duration
    }

    var target: Float? {
        guard case .animated(_, let to, _) = self else { return nil }
        return to
    }
}

/// The timer as a plain model driven by `advance(by:)`, so it can be tested without a clock.
public struct HourglassTimer: Sendable {
    public private(set) var phase: TimerPhase = .resting
    /// Seconds the sand has been running since the flip completed.
    public private(set) var elapsed: Float = 0
    /// How the container is turning while `phase` is `.flipping`.
    public private(set) var flip: FlipMotion = .manual(angle: 0)
    /// Seconds the sand runs: the duration asked for when the timer last started (or now,
    /// while it rests), so a change mid-run waits for the next start as count and size do.
    public private(set) var duration: Float
    /// The duration asked for since.
    public private(set) var requestedDuration: Float
    /// Settings the current pile was built with.
    public private(set) var active: GrainSettings
    /// Settings chosen since; applied at the next start or reset.
    public private(set) var requested: GrainSettings

    /// From the original's 5 s to an hour: an egg takes three to five minutes, tea three or four.
    public static let durationRange: ClosedRange<Float> = 5...3600
    public static let presets: [Float] = [10, 30, 60, 180, 300, 600]

    public init(settings: GrainSettings, duration: Float = 5) {
        active = settings
        requested = settings
        self.duration = duration
        requestedDuration = duration
    }

    /// Container angle about X: turning during the flip, upright otherwise.
    public var containerAngle: Float {
        phase == .flipping ? flip.angle : 0
    }

    /// True while the mouse holds the hourglass.
    public var isDragging: Bool {
        if phase == .flipping, case .manual = flip { return true }
        return false
    }

    public var remaining: Float { max(duration - elapsed, 0) }

    /// Seconds of `advance` until the phase changes by itself (the flip ends or the time is up);
    /// nil while nothing is due (at rest, held by the hand, or done).
    public var secondsToNextChange: Float? {
        switch phase {
        case .resting, .complete:
            return nil
        case .flipping:
            guard case .animated(_, _, let flipElapsed) = flip else { return nil }
            return max(flip.duration - flipElapsed, 0)
        case .running:
            return duration - elapsed
        }
    }

    /// Start: from rest, flip (rebuilding first if settings changed); after completion,
    /// reset and flip. Ignored while a flip or run is under way.
    public mutating func start() -> [TimerAction] {
        beginFlip(.animated(from: 0, to: .pi, elapsed: 0))
    }

    /// The mouse takes hold of the hourglass: a flip by hand, under the same rules as Start.
    public mutating func beginDrag() -> [TimerAction] {
        beginFlip(.manual(angle: 0))
    }

    /// The hand turns the container to `angle` (clamped to a half turn).
    public mutating func drag(to angle: Float) {
        guard isDragging else { return }
        flip = .manual(angle: min(max(angle, 0), .pi))
    }

    /// Let go: past half a turn the flip completes (and the timer starts); short of it the
    /// hourglass swings back upright and rests.
    public mutating func endDrag() {
        guard isDragging else { return }
        let angle = flip.angle
        flip = .animated(from: angle, to: angle >= .pi / 2 ? .pi : 0, elapsed: 0)
    }

    private mutating func beginFlip(_ motion: FlipMotion) -> [TimerAction] {
        var actions: [TimerAction] = []
        switch phase {
        case .flipping, .running:
            return []
        case .complete:
            actions = reset()
        case .resting:
            if requested != active {
                active = requested
                actions = [.respawn(active)]
            }
        }
        phase = .flipping
        flip = motion
        duration = requestedDuration
        return actions
    }

    /// From any phase back to rest with a fresh pile and the latest settings.
    public mutating func reset() -> [TimerAction] {
        phase = .resting
        elapsed = 0
        flip = .manual(angle: 0)
        active = requested
        return [.respawn(active)]
    }

    /// A mode change restarts at once; its count and size come with it.
    public mutating func select(mode: PhysicsMode, count: Int, size: Float) -> [TimerAction] {
        requested = GrainSettings(mode: mode, count: count, size: size)
        return reset()
    }

    public mutating func request(count: Int) {
        requested.count = count
    }

    public mutating func request(size: Float) {
        requested.size = size
    }

    /// Takes effect at once while the timer rests or is done, else at the next start.
    public mutating func request(duration: Float) {
        requestedDuration = duration
        if phase == .resting || phase == .complete { self.duration = duration }
    }

    public mutating func advance(by dt: Float) -> [TimerAction] {
        switch phase {
        case .resting, .complete:
            return []
        case .flipping:
            guard case .animated(let from, let to, let flipElapsed) = flip else { return [] }
            flip = .animated(from: from, to: to, elapsed: flipElapsed + dt)
            guard flip.isFinished else { return [] }
            if flip.target == 0 {
                phase = .resting
                return []
            }
            phase = .running
            elapsed = 0
            return [.snapAfterFlip]
        case .running:
            elapsed = min(elapsed + dt, duration)
            if elapsed >= duration { phase = .complete }
            return []
        }
    }
}
