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
            (self.degrees, self.seconds) = (degrees, seconds)
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

    /// Seconds from the start of the run from which the hand holds the glass still until it
    /// lets go: the first of the last keyframes at the angle it lets go at.
    public var holdSeconds: Float {
        let last = keyframes[keyframes.count - 1]
        return keyframes.reversed().prefix { $0.degrees == last.degrees }.last?.seconds ?? last.seconds
    }

    /// What the hand does by `time`, in order: takes hold, turns the glass, lets go. The
    /// same moves go to every timer a window shows (HourglassTimer.follow).
    public mutating func moves(at time: Float) -> [HandMove] {
        var moves: [HandMove] = []
        if stage == .waiting, time >= keyframes[0].seconds {
            moves.append(.takeHold)
            stage = .holding
        }
        guard stage == .holding else { return moves }
        moves.append(.turn(to: angle(at: time)))
        if time >= releaseSeconds {
            moves.append(.letGo)
            stage = .released
        }
        return moves
    }
}

/// What a hand does to the glass: the mouse's press, drag and release.
public enum HandMove: Sendable, Equatable {
    case takeHold
    case turn(to: Float)
    case letGo
}

extension HourglassTimer {
    /// Takes the hand's moves as the mouse's: beginDrag, drag, endDrag.
    public mutating func follow(_ moves: [HandMove]) {
        for move in moves {
            switch move {
            case .takeHold: beginDrag()
            case .turn(let angle): drag(to: angle)
            case .letGo: endDrag()
            }
        }
    }
}
