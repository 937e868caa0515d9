/// A hand on the glass by script (`run --turn`, `simulate --turn`): it takes hold at the first
/// keyframe's second, turns the glass evenly from each keyframe's angle to the next, holds it at
/// the last one and lets go then, through the timer's own calls for a mouse drag (beginDrag,
/// drag, endDrag), so a scripted turn is a turn by hand.
public struct ScriptedHand: Sendable, Equatable {
    public struct Keyframe: Sendable, Equatable {
        /// Degrees of the glass's turn, 0 upright to 180 upside down.
        public var degrees: Float
        /// Seconds from the start of the run.
        public var seconds: Float

        public init(degrees: Float, seconds: Float) {
            self.degrees = degrees
            self.seconds = seconds
        }
    }

    /// In order of time; at least one.
    public let keyframes: [Keyframe]
    public private(set) var stage = Stage.waiting

    public enum Stage: Sendable, Equatable {
        case waiting, holding, released
    }

    /// Nil without keyframes, or where they go back in time.
    public init?(_ keyframes: [Keyframe]) {
        guard !keyframes.isEmpty, zip(keyframes, keyframes.dropFirst()).allSatisfy({ $0.seconds <= $1.seconds }) else { return nil }
        self.keyframes = keyframes
    }

    /// The glass's turn in radians that the hand holds at `time`: the first keyframe's before it,
    /// the last one's after it.
    public func angle(at time: Float) -> Float {
        var degrees = keyframes[0].degrees
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where time > a.seconds {
            let f = b.seconds > a.seconds ? min((time - a.seconds) / (b.seconds - a.seconds), 1) : 1
            degrees = a.degrees + (b.degrees - a.degrees) * f
        }
        return degrees * .pi / 180
    }

    /// Seconds from the start of the run when the hand lets go.
    public var releaseSeconds: Float { keyframes[keyframes.count - 1].seconds }

    /// What the hand does by `time`: takes hold (what the timer then asks of the pile is
    /// returned, as for a mouse press), turns the glass, or lets go.
    public mutating func apply(at time: Float, to timer: inout HourglassTimer) -> [TimerAction] {
        var actions: [TimerAction] = []
        if stage == .waiting, time >= keyframes[0].seconds {
            actions = timer.beginDrag()
            stage = .holding
        }
        guard stage == .holding else { return actions }
        timer.drag(to: angle(at: time))
        if time >= releaseSeconds {
            timer.endDrag()
            stage = .released
        }
        return actions
    }
}
