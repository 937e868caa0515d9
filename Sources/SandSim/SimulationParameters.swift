import Foundation

/// The per-run numbers that follow from the timer duration and the grain count.
public struct SimulationParameters: Sendable, Equatable {
    public var gravity: Float
    public var neckDamping: Float

    public init(gravity: Float, neckDamping: Float) {
        self.gravity = gravity
        self.neckDamping = neckDamping
    }

    /// Gravity falls and neck friction rises with longer durations, so the sand takes about
    /// the timer's length to drain: g = max(5 / duration, 0.15), neckDamping = duration × 0.02.
    public init(duration: Float) {
        gravity = max(PhysicsConstants.gravityPerSecond / duration, PhysicsConstants.minimumGravity)
        neckDamping = duration * PhysicsConstants.neckDampingPerSecond
    }

    /// √(g / g_ref): the factor on every speed threshold (damping blend, velocity cutoff, sleep,
    /// wake). Without it a long timer's slow sand counts as settling: it is damped hard and falls
    /// asleep on the steep cone under the neck until the cone closes the neck (seen at 30 s).
    public var speedScale: Float {
        (max(gravity, PhysicsConstants.minimumGravity) / PhysicsConstants.referenceGravity).squareRoot()
    }

    /// Gravity in the container frame while it is turned by `angle` about X.
    public func gravityVector(angle: Float) -> SIMD3<Float> {
        SIMD3(0, -gravity * cos(angle), gravity * sin(angle))
    }

    /// Substeps per frame for the compute engine: the original's rule, fewer as its all-pairs
    /// cost grew; kept with the grid so runs compare with the original's.
    public static func gpuSubsteps(count: Int) -> Int {
        switch count {
        case ...1_500: 4
        case ...3_000: 3
        case ...10_000: 2
        default: 1
        }
    }

    /// Frame time as the engines see it: clamped so a stall never launches grains.
    public static func clampedFrameDt(_ dt: Float) -> Float {
        min(max(dt, 0), PhysicsConstants.maxFrameDt)
    }

    /// Velocity-dependent damping factor for one substep.
    public func dampingFactor(speed: Float, subDt: Float) -> Float {
        let flow = pow(PhysicsConstants.flowDamping, subDt)
        let settle = pow(PhysicsConstants.settleDamping, subDt)
        let t = min(speed / (PhysicsConstants.dampingSpeedScale * speedScale), 1)
        return settle + (flow - settle) * t
    }

    /// Neck friction factor for one substep at height `y`: ramps linearly to the centre.
    public func neckFrictionFactor(y: Float, subDt: Float) -> Float {
        let halfHeight = PhysicsConstants.neckHalfHeight
        guard abs(y) < halfHeight else { return 1 }
        let ramp = 1 - abs(y) / halfHeight
        return max(0, 1 - ramp * neckDamping * subDt)
    }
}
