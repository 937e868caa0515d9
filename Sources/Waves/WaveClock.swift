/// The fixed 120 Hz step: frame time goes into an accumulator and comes out as whole steps, at
/// most `maxStepsPerFrame` a frame. When a frame would need more, it gets the maximum and the
/// accumulator is emptied: time is dropped rather than owed (no spiral of death).
public struct WaveClock: Equatable, Sendable {
    public static let stepSeconds: Float = 1.0 / 120.0
    public static let maxStepsPerFrame = 10

    /// Time not yet stepped, always below one step after `steps(for:)`.
    public private(set) var accumulator: Float = 0

    public init() {}

    /// How many steps to run for a frame that took `frameSeconds` (negative or non-finite
    /// frame times count as zero).
    public mutating func steps(for frameSeconds: Float) -> Int {
        accumulator += frameSeconds.isFinite ? max(frameSeconds, 0) : 0
        // A hair of slack so that 1/60 s gives 2 steps despite rounding.
        let due = Int((accumulator / Self.stepSeconds + 1e-4).rounded(.down))
        if due >= Self.maxStepsPerFrame {
            accumulator = 0
            return Self.maxStepsPerFrame
        }
        accumulator = max(accumulator - Float(due) * Self.stepSeconds, 0)
        return due
    }

    /// Forgets any time owed (after a pause or a resize).
    public mutating func reset() {
        accumulator = 0
    }
}

/// Turns a pointer into disturbances. Positions are 0–1 across the grid, y down from the top.
///
/// - `press` makes one tap of strength `tapStrength` where the pointer went down.
/// - `move` (while pressed) lays disturbances along the segment from the last position, one every
///   `spacing` (at least one a call), each of strength `dragScale × speed / referenceSpeed`, the
///   speed's share capped at `maxStrength`, and scaled by the share of `spacing` it stands for,
///   so a drag's total impulse grows with its speed but not with how often the app samples it.
///   (Neighbouring samples overlap, and a drag faster than the waves piles its impulses up, so
///   each is a fifth of a tap.)
/// - `release` ends the drag; `move` without a press gives nothing.
public struct WaveBrush: Equatable, Sendable {
    public static let tapStrength: Float = 1
    /// Grid widths per second that give strength 1.
    public static let referenceSpeed: Float = 1
    public static let maxStrength: Float = 2
    /// A drag sample's strength at `referenceSpeed`, as a share of a tap's.
    public static let dragScale: Float = 0.2
    /// Distance between disturbances along a drag, as a fraction of the grid.
    public static let spacing: Float = 0.01

    public private(set) var position: SIMD2<Float>?

    public init() {}

    public var isPressed: Bool { position != nil }

    @discardableResult
    public mutating func press(x: Float, y: Float) -> [WaveDisturbance] {
        position = SIMD2(x, y)
        return [WaveDisturbance(x: x, y: y, strength: Self.tapStrength)]
    }

    public mutating func move(x: Float, y: Float, dt: Float) -> [WaveDisturbance] {
        guard let from = position else { return [] }
        let to = SIMD2(x, y)
        position = to
        let delta = to - from
        let distance = (delta * delta).sum().squareRoot()
        guard distance > 0, dt > 0, dt.isFinite else { return [] }
        let speed = distance / dt
        let strength = Self.dragScale * min(speed / Self.referenceSpeed, Self.maxStrength)
        let count = max(1, Int((distance / Self.spacing - 1e-3).rounded(.up)))  // slack for rounding
        // Each sample stands for `spacing` of path, so a slow drag sampled often gives no more
        // than one sampled rarely.
        let share = min(distance, Self.spacing) / Self.spacing
        return (1...count).map { i in
            let p = from + delta * (Float(i) / Float(count))
            return WaveDisturbance(x: p.x, y: p.y, strength: strength * share)
        }
    }

    public mutating func release() {
        position = nil
    }
}
