/// The pointer and the animations it drives, on the CPU: the glow's progress (0 → 1 in
/// `glowSeconds` on a press, back on release), the ripple's clock from the last press, and the
/// particle ticks at a fixed rate. Positions are window pixels, y down.
public struct SparkleTimeline: Equatable, Sendable {
    public static let maxTicksPerFrame = 10

    public private(set) var isPressed = false
    /// Where the pointer is while pressed (and where it was last): the glow's and cloud's centre.
    public private(set) var pointer: SIMD2<Float>?
    /// Where the last press went down: the ripple's origin.
    public private(set) var rippleOrigin: SIMD2<Float>?
    /// Wall seconds since the last press.
    public private(set) var sincePress: Float = 0
    public private(set) var progress: Float = 0
    /// Time not yet ticked, below one tick after `advance`.
    public private(set) var accumulator: Float = 0

    public init() {}

    public mutating func press(at point: SIMD2<Float>) {
        isPressed = true
        pointer = point
        rippleOrigin = point
        sincePress = 0
    }

    public mutating func move(to point: SIMD2<Float>) {
        if isPressed { pointer = point }
    }

    public mutating func release() {
        isPressed = false
    }

    /// Advances by `dt` seconds; returns how many particle ticks are due (at most
    /// `maxTicksPerFrame`; more drops the time rather than owing it). Ticks run only while the
    /// cloud shows (progress > 0), as the seed pauses its view at progress 0.
    public mutating func advance(by dt: Float, parameters: SparkleParameters) -> Int {
        let p = parameters.clamped()
        let dt = dt.isFinite ? max(dt, 0) : 0
        sincePress += dt
        progress = min(max(progress + (isPressed ? 1 : -1) * dt / p.glowSeconds, 0), 1)
        guard progress > 0 else {
            accumulator = 0
            return 0
        }
        let tick = 1 / p.tickRate
        accumulator += dt
        let due = Int((accumulator / tick + 1e-4).rounded(.down))
        if due >= Self.maxTicksPerFrame {
            accumulator = 0
            return Self.maxTicksPerFrame
        }
        accumulator = max(accumulator - Float(due) * tick, 0)
        return due
    }

    /// Ripple time now, or nil when no ripple runs.
    public func rippleTime(parameters: SparkleParameters) -> Float? {
        guard rippleOrigin != nil else { return nil }
        return SparkleReference.rippleTime(wallSeconds: sincePress, parameters: parameters)
    }
}
