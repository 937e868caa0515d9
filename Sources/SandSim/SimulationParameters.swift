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

    /// A run's parameters when it keeps time, for grains of `grainRadius`. Gravity is chosen so
    /// that the engine's sand, left alone, would empty the upper chamber a little before the
    /// timer ends (`drainShare`); the drain controller's neck friction holds back the rest, so
    /// neck friction starts at 0.
    public init(duration: Float, mode: PhysicsMode, grainRadius: Float) {
        self.init(duration: duration)
        neckDamping = 0
        let share = Self.drainShare(mode: mode, grainRadius: grainRadius)
        let fitted = pow(PhysicsConstants.drainHeadroom / (duration * share), 1 / PhysicsConstants.drainGravityExponent)
        gravity = min(max(fitted, PhysicsConstants.minimumGravity), PhysicsConstants.maximumGravity)
    }

    /// The share of the pile that runs through the neck per second at g = 1, left alone:
    /// Beverloo's law per grain of a pile of fixed volume, `full · (1 − k·d/D)^(5/2)`, with each
    /// engine's `full` and the compute engine's k measured (docs/PHYSICS.md); growing with g to
    /// the power `drainGravityExponent`.
    public static func drainShare(mode: PhysicsMode, grainRadius: Float) -> Float {
        let opening = 2 * HourglassProfile.innerNeckRadius(grainRadius: grainRadius)
        let free = max(1 - PhysicsConstants.drainEdgeDiameters * 2 * grainRadius / opening, 0.05)
        let full = mode == .cpu ? PhysicsConstants.cpuDrainShare : PhysicsConstants.computeDrainShare
        return full * pow(free, 2.5)
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

    /// Substeps a frame of `frameDt` needs so that no grain moves more than half a diameter in
    /// one: the fastest a grain gets is falling the glass's whole height.
    public func substepsForSpeed(grainRadius: Float, frameDt: Float) -> Int {
        let fastest = (2 * gravity * 2 * PhysicsConstants.glassHalfHeight).squareRoot()
        let allowed = PhysicsConstants.maxStepDiameters * 2 * grainRadius
        return Int((fastest * frameDt / allowed).rounded(.up))
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
