import Foundation

/// The timer's phases. The sand starts to run, and the time with it, when the glass passes a
/// quarter turn (on its side: beyond it the sand that was below is above the neck), whether the
/// hand then lets go at once, holds on, or the flip is Start's animation.
public enum TimerPhase: String, Sendable, Codable {
    /// Upright, nothing turning it: before the first flip, or after a turn short of a quarter.
    case resting
    /// A flip has begun (by Start or by hand) and the glass has not yet passed a quarter turn.
    case flipping
    /// Past the quarter turn: the time runs, whether the glass is still turning or held or not.
    case running
    case complete
}

/// What the owner of the engine must do after a timer transition.
public enum TimerAction: Equatable, Sendable {
    /// Build a fresh pile with the settings asked for now (a new engine if the mode changed):
    /// Reset, or Start on a finished glass. The settings are the owner's (HourglassSession):
    /// the timer keeps only time.
    case freshPile
    /// The flip finished: map the grains through the half turn.
    case snapAfterFlip
}

/// The eased half turn of the flip.
public enum FlipAnimation {
    public static let duration: Float = 1.2

    /// Container angle after `elapsed` seconds of the flip: ease in and out from 0 to π.
    public static func angle(elapsed: Float) -> Float {
        FlipMotion.animated(from: 0, to: .pi, elapsed: elapsed).angle
    }
}

/// How the container turns during a flip: by the clock (the Start button's flip, or the finish
/// of a released drag), or by hand.
public enum FlipMotion: Sendable, Equatable {
    /// Eased from one angle to another at the flip's pace: a half turn takes 1.2 s.
    case animated(from: Float, to: Float, elapsed: Float)
    /// Held by the mouse at this angle.
    case manual(angle: Float)

    /// The angle past which the sand runs: the glass on its side.
    public static let quarterTurn = Float.pi / 2

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

    /// Seconds of animation until it passes the quarter turn; nil when it does not pass it
    /// from here (held by hand, or already past, or turning away from it).
    var secondsToQuarterTurn: Float? {
        guard case .animated(let from, let to, let elapsed) = self, from < Self.quarterTurn, to >= Self.quarterTurn else { return nil }
        // The inverse of the ease t²(3 − 2t).
        let share = (Self.quarterTurn - from) / (to - from)
        let t = 0.5 - sin(asin(1 - 2 * share) / 3)
        let left = t * duration - elapsed
        return left > 0 ? left : nil
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
public struct HourglassTimer: Sendable, Equatable {
    public private(set) var phase: TimerPhase = .resting
    /// Seconds the sand has been running since the glass passed the quarter turn.
    public private(set) var elapsed: Float = 0
    /// How the container is turning; nil while it stands upright with nothing turning it. The
    /// turn goes on into the running phase: the time starts at the quarter turn, the flip ends
    /// at the half.
    public private(set) var flip: FlipMotion?
    /// Seconds the sand runs: the duration asked for when the timer last started (or now,
    /// while it rests), so a change mid-run waits for the next start as count and size do.
    public private(set) var duration: Float
    /// The duration asked for since.
    public private(set) var requestedDuration: Float
    /// What the hand found when it took hold of a finished glass: the glass goes back to it
    /// (done, its time shown) if it comes upright again without having passed the quarter turn.
    private var foundDone: Float?
    /// Whether the glass was turned while its sand ran (by hand or Start), and whether it now
    /// stands past the quarter turn from where the turn began.
    private var turningRunPast: Bool?
    /// Times a running glass was turned over (or back) across the quarter turn: each time the
    /// sand that had fallen is above, and the time that had run is the time left.
    public private(set) var turnovers = 0

    /// From the original's 5 s to an hour: an egg takes three to five minutes, tea three or four.
    public static let durationRange: ClosedRange<Float> = 5...3600
    public static let presets: [Float] = [10, 30, 60, 180, 300, 600]

    public init(duration: Float = 5) {
        self.duration = duration
        requestedDuration = duration
    }

    /// Container angle about X: turning during a flip, upright otherwise.
    public var containerAngle: Float {
        flip?.angle ?? 0
    }

    /// True while the mouse holds the hourglass.
    public var isDragging: Bool {
        if case .manual = flip { return true }
        return false
    }

    /// True while the flip turns the glass by the clock (Start, or a released drag's finish).
    public var isFlipAnimating: Bool {
        if case .animated = flip { return true }
        return false
    }

    /// True while a glass let go short of the quarter turn swings back upright.
    public var isSwingingBack: Bool {
        if case .animated(let from, let to, _) = flip, to == 0, from > 0 { return true }
        return false
    }

    public var remaining: Float { max(duration - elapsed, 0) }

    /// Seconds of `advance` until the phase changes by itself or the flip ends (the quarter
    /// turn is passed, the flip ends, the time is up); nil while nothing is due (at rest, held
    /// by the hand short of the quarter turn, or done).
    public var secondsToNextChange: Float? {
        let flipChange = flip.flatMap { flip in
            flip.secondsToQuarterTurn ?? (flip.target == nil ? nil : max(flip.duration - elapsedOfFlip, 0))
        }
        let timeUp = phase == .running ? duration - elapsed : nil
        return [flipChange, timeUp].compactMap { $0 }.min()
    }

    private var elapsedOfFlip: Float {
        guard case .animated(_, _, let elapsed) = flip else { return 0 }
        return elapsed
    }

    /// Start: from rest, flip; after completion, reset (a fresh pile) and flip; while the sand
    /// runs, turn the glass over (the time that had run is the time left). Ignored while a flip
    /// is under way.
    public mutating func start() -> [TimerAction] {
        beginFlip(.animated(from: 0, to: .pi, elapsed: 0))
    }

    /// Start's flip on the pile as it lies, a finished glass included (`simulate --flips`
    /// turns one pile over again and again, where Start would build a fresh one).
    public mutating func turnOver() {
        if phase == .complete, flip == nil { clear() }
        _ = beginFlip(.animated(from: 0, to: .pi, elapsed: 0))
    }

    /// Whether a start or the hand's hold now begins a flip from rest or from a finished glass:
    /// the moment the settings asked for since take effect (HourglassSession).
    public var startsFromRest: Bool {
        flip == nil && (phase == .resting || phase == .complete)
    }

    /// The mouse takes hold of the hourglass, in any phase but a flip already under way: from
    /// rest a flip by hand, under the same rules as Start; while the sand runs, a turn of the
    /// running glass; a finished glass keeps its result until it passes the quarter turn.
    public mutating func beginDrag() {
        _ = beginFlip(.manual(angle: 0))
    }

    /// The hand turns the container to `angle` (clamped to a half turn). Past the quarter turn
    /// the time starts; back across it before letting go, the timer is as it was.
    public mutating func drag(to angle: Float) {
        guard isDragging else { return }
        flip = .manual(angle: min(max(angle, 0), .pi))
        followQuarterTurn()
    }

    /// Let go: past the quarter turn the flip completes (the time already runs); short of it the
    /// hourglass swings back upright and is as it was: resting, or done.
    public mutating func endDrag() {
        guard isDragging else { return }
        let angle = containerAngle
        flip = .animated(from: angle, to: angle >= FlipMotion.quarterTurn ? .pi : 0, elapsed: 0)
    }

    private mutating func beginFlip(_ motion: FlipMotion) -> [TimerAction] {
        guard flip == nil else { return [] }
        var actions: [TimerAction] = []
        switch phase {
        case .flipping:
            return []
        case .running:
            // The sand runs on while the glass turns; the phase stays.
            turningRunPast = false
            flip = motion
            return []
        case .complete:
            // A finished glass in the hand keeps its result until it passes the quarter turn;
            // Start begins afresh.
            guard case .manual = motion else {
                actions = reset()
                break
            }
            foundDone = elapsed
        case .resting:
            break
        }
        phase = .flipping
        flip = motion
        if foundDone == nil { duration = requestedDuration }
        return actions
    }

    /// The phase as the angle has it: running from the quarter turn on, flipping short of it.
    private mutating func followQuarterTurn() {
        let past = containerAngle >= FlipMotion.quarterTurn
        if let wasPast = turningRunPast {
            // Each crossing puts the fallen sand above: the time that had run is the time left.
            guard past != wasPast else { return }
            turningRunPast = past
            elapsed = duration - elapsed
            phase = .running
            turnovers += 1
            return
        }
        if phase == .flipping, past {
            phase = .running
            elapsed = 0
            // A finished glass turned over runs for the duration asked for now.
            if foundDone != nil { duration = requestedDuration }
        } else if phase == .running || phase == .complete, !past {
            phase = .flipping
            elapsed = foundDone ?? 0
        }
    }

    /// From any phase back to rest with a fresh pile and the latest settings.
    public mutating func reset() -> [TimerAction] {
        clear()
        return [.freshPile]
    }

    /// Back to rest, the time and the hand's turn forgotten.
    private mutating func clear() {
        phase = .resting
        elapsed = 0
        flip = nil
        foundDone = nil
        turningRunPast = nil
    }

    /// Takes effect at once while the timer rests or is done, else at the next start.
    public mutating func request(duration: Float) {
        requestedDuration = duration
        if phase == .resting || phase == .complete { self.duration = duration }
    }

    /// The time runs on (from the quarter turn), then the flip: past the quarter turn the time
    /// starts from 0; at its end a half turn maps the grains over and the glass stands upright.
    public mutating func advance(by dt: Float) -> [TimerAction] {
        if phase == .running {
            elapsed = min(elapsed + dt, duration)
            if elapsed >= duration { phase = .complete }
        }
        guard case .animated(let from, let to, let flipElapsed) = flip else { return [] }
        let toQuarterTurn = flip?.secondsToQuarterTurn
        flip = .animated(from: from, to: to, elapsed: flipElapsed + dt)
        followQuarterTurn()
        // A step that passes the quarter turn runs the time for what is left of it.
        if let toQuarterTurn, phase == .running, turningRunPast == nil, toQuarterTurn < dt { elapsed = min(dt - toQuarterTurn, duration) }
        guard flip?.isFinished == true else { return [] }
        flip = nil
        defer { (foundDone, turningRunPast) = (nil, nil) }
        if to < FlipMotion.quarterTurn {
            if turningRunPast == nil { phase = foundDone == nil ? .resting : .complete }
            return []
        }
        return [.snapAfterFlip]
    }
}
