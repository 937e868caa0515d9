import Foundation

/// Keeps the hourglass on time. While the timer runs it compares the grains above the neck with
/// the straight line from all of them at the start to none at the end, and sets the neck's
/// friction — the original's own lever — from how far ahead of that line the sand is: more
/// friction when the sand runs early, none when it is late. It never moves, holds or removes a
/// grain; the physics, sized so sand runs a little faster than the timer needs, does the rest.
public struct DrainController: Sendable {
    /// Grains above the neck when the timer started; some run through while the glass turns.
    public let count: Int
    public let duration: Float
    /// Friction per second of lead, and per second² of lead accumulated over time. Strong, since
    /// sand that gets ahead near the end (the thinning pile runs faster) must be held at once
    /// (docs/PHYSICS.md, "Numbers behind the constants").
    public static let proportionalGain: Float = 80
    public static let integralGain: Float = 40
    /// Friction at most: enough to hold back the fastest sand the gravity floor allows, small
    /// grains and large, on either engine, and a long timer's last grains through its narrow
    /// neck (docs/PHYSICS.md, "Long timers").
    public static let maximumDamping: Float = 360
    /// Behind the line, the friction the integral learned is let go with this time constant, so
    /// late sand is not held back while the integral unwinds at the rate of a small lag.
    public static let releaseSeconds: Float = 0.5

    /// Seconds before the timer's end the line reaches none: in a large pile the last grains above
    /// the neck's centre are the end of a slow column in the neck, which passes the centre that
    /// long after the count above it has followed the line (docs/PHYSICS.md, "Large piles run
    /// late by a tail"). None up to about 600 grains, growing with the log of the count as
    /// measured, at most 0.15 s.
    public let anticipation: Float
    public static func anticipation(grains: Int) -> Float {
        min(max(0.028 * log(Float(max(grains, 1)) / 600), 0), 0.15)
    }

    private var accumulated: Float = 0
    /// The neck friction to use for the next frame (SimulationParameters.neckDamping).
    public private(set) var neckDamping: Float = 0

    /// Friction starts at half its most: at the start the whole pile falls onto the neck at once,
    /// and with none it floods through.
    public init(count: Int, duration: Float) {
        self.count = count
        self.duration = duration
        anticipation = min(Self.anticipation(grains: count), duration / 10)
        accumulated = Self.maximumDamping / (2 * Self.integralGain)
        neckDamping = Self.maximumDamping / 2
    }

    /// Grains that should still be above the neck `elapsed` seconds into the running phase: a
    /// straight line to none `anticipation` before the timer's end.
    public func ideal(elapsed: Float) -> Float {
        Float(count) * max(1 - elapsed / (duration - anticipation), 0)
    }

    /// How many seconds ahead of the straight line the sand is (negative: behind).
    public func lead(upper: Int, elapsed: Float) -> Float {
        let rate = Float(count) / (duration - anticipation)
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
