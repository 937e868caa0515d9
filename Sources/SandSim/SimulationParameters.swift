import Foundation

/// The per-run numbers that follow from the timer duration and the grain count.
public struct SimulationParameters: Sendable, Equatable {
    public var gravity: Float
    public var neckDamping: Float
    /// How fast the glass drops along its axis while it is tapped, in g: beyond 1, the sand in it
    /// is thrown up off the arch that stopped it (TimedDrain). 0 at rest.
    public var tap: Float = 0
    /// Whether the compute engine may put still grains to sleep. Not while the timer runs: a
    /// sleeper, which its neighbours cannot move, freezes the cone under the stream.
    public var sleepAllowed = true

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

    /// A run's parameters when it keeps time, for `count` grains of `grainRadius`. Gravity is
    /// chosen so that the engine's sand, left alone, would empty the upper chamber a little
    /// before the timer ends (`drainHeadroom`, from the engine's Beverloo fit); the drain
    /// controller's neck friction holds back the rest, so neck friction starts at 0.
    public init(duration: Float, mode: PhysicsMode, count: Int, grainRadius: Float) {
        self.init(duration: duration)
        neckDamping = 0
        // Through the run's neck: the original's, or a long timer's narrower one (NeckSizing).
        let opening = 2 * NeckSizing.innerRadius(duration: duration, mode: mode, count: count, grainRadius: grainRadius)
        let share = max(NeckSizing.freeShare(opening: opening, mode: mode, count: count, grainRadius: grainRadius, gravity: 1), 1e-3)
        let exponent = NeckSizing.calibration(mode).gravityExponent
        let fitted = pow(Double(PhysicsConstants.drainHeadroom) / (Double(duration) * share), 1 / exponent)
        gravity = min(max(Float(fitted), PhysicsConstants.minimumDrainGravity), PhysicsConstants.maximumGravity)
    }

    /// √(g / g_ref): the factor on every speed threshold (damping blend, velocity cutoff, sleep,
    /// wake). Without it a long timer's slow sand counts as settling: it is damped hard and falls
    /// asleep on the steep cone under the neck until the cone closes the neck (seen at 30 s).
    public var speedScale: Float {
        (max(gravity, PhysicsConstants.minimumGravity) / PhysicsConstants.referenceGravity).squareRoot()
    }

    /// Gravity in the container frame while it is turned by `angle` about X, less the glass's
    /// own acceleration while it is tapped (it drops, so the sand feels pulled up).
    public func gravityVector(angle: Float) -> SIMD3<Float> {
        SIMD3(0, -gravity * cos(angle) + tap * gravity, gravity * sin(angle))
    }

    /// Up in the container frame while it is turned by `angle`: against gravity, the glass's own
    /// fall while it is tapped included (straight up in the glass if that leaves no gravity).
    public func up(angle: Float) -> SIMD3<Float> {
        let g = gravityVector(angle: angle)
        let length = (g * g).sum().squareRoot()
        return length > 0 ? -g / length : SIMD3(0, 1, 0)
    }

    /// Up in the container frame while it is turned by `angle` and not tapped: against gravity
    /// alone, as the pile's measures read it.
    public static func up(angle: Float) -> SIMD3<Float> {
        SIMD3(0, cos(angle), -sin(angle))
    }

    /// Substeps a step of `dt` seconds takes: `perTick` for every tick's length of it
    /// (`PhysicsConstants.tickSeconds`), so the substep's length, which sets the solve's
    /// stability, does not depend on how time is cut into steps; and more for fast sand, so
    /// that no grain moves more than `maxStepDiameters` in one: the fastest a grain gets is
    /// falling the glass's whole height. The compute engine allows less (`computeMaxStepDiameters`).
    /// `fastest` (units a second), where the caller knows a tighter bound than the fall, sizes
    /// them for the sand that is there instead.
    public func substeps(perTick: Int, grainRadius: Float, dt: Float,
                         maxStepDiameters: Float = PhysicsConstants.maxStepDiameters, fastest: Float? = nil) -> Int {
        // Within a thousandth of a whole number counts as it, so a tick is exactly `perTick`.
        let forTime = Int((Float(perTick) * dt / PhysicsConstants.tickSeconds - 1e-3).rounded(.up))
        let allowed = maxStepDiameters * 2 * grainRadius
        let forSpeed = Int((speedBound(measured: fastest) * dt / allowed).rounded(.up))
        return max(forTime, forSpeed, 1)
    }

    /// The fastest the sand may be this step: `measured` where a caller knows a bound, never past
    /// the fall.
    public func speedBound(measured: Float?) -> Float {
        min(measured ?? fallSpeed, fallSpeed)
    }

    /// A bound on the sand's speed `seconds` after its fastest grain was measured at `fastest`:
    /// what gravity may add since, with room for a push out of an overlap.
    public func speedBound(fastest: Float, seconds: Float) -> Float {
        (fastest + acceleration * seconds) * PhysicsConstants.speedMargin
    }

    /// The fastest a grain gets: falling the glass's whole height, pulled the harder while tapped.
    public var fallSpeed: Float {
        (2 * acceleration * 2 * PhysicsConstants.glassHalfHeight).squareRoot()
    }

    /// The most gravity can add to a grain's speed a second, tap included.
    public var acceleration: Float {
        gravity * (1 + abs(tap))
    }
}

/// The rules that end each CPU substep, with their numbers for one run and one substep length
/// worked out once, not once a grain.
public struct SubstepRules: Sendable {
    public let parameters: SimulationParameters
    public let subDt: Float
    private let flow: Float
    private let settle: Float
    private let blendSpeed: Float
    private let pushOutSpeed: Float
    /// Up against the gravity of the moment, in the container's frame: the way a support must
    /// push to hold a grain.
    public let up: SIMD3<Float>

    public init(parameters: SimulationParameters, subDt: Float, angle: Float = 0) {
        self.parameters = parameters
        self.subDt = subDt
        flow = pow(PhysicsConstants.flowDamping, subDt)
        settle = pow(PhysicsConstants.settleDamping, subDt)
        blendSpeed = PhysicsConstants.dampingSpeedScale * parameters.speedScale
        pushOutSpeed = PhysicsConstants.pushOutSpeed * parameters.speedScale
        up = parameters.up(angle: angle)
    }

    /// `velocity` (eight grains, from how far they moved) no faster than `free` (what they would
    /// have had without contacts) plus `pushOutSpeed`.
    @inline(__always)
    func pushOutCapped(_ velocity: VectorLanes, free: VectorLanes) -> VectorLanes {
        let speed = velocity.dot(velocity).squareRoot(), limit = free.dot(free).squareRoot() + VectorLanes.Lanes(repeating: pushOutSpeed)
        return velocity * select(less(limit, speed), limit / speed, VectorLanes.Lanes(repeating: 1))
    }

    /// Velocity-dependent damping factor for one substep:
    /// settle^dt + (flow^dt − settle^dt) · min(speed / (dampingSpeedScale · speedScale), 1).
    public func dampingFactor(speed: Float) -> Float {
        dampingFactor(speed: SIMD8(repeating: speed))[0]
    }

    /// The same for eight grains, one a lane.
    @inline(__always)
    func dampingFactor(speed: VectorLanes.Lanes) -> VectorLanes.Lanes {
        VectorLanes.Lanes(repeating: settle) + VectorLanes.Lanes(repeating: flow - settle) * minimum(speed / blendSpeed, VectorLanes.Lanes(repeating: 1))
    }

    /// Neck friction factor for one substep at height `y`: ramps linearly to the centre.
    public func neckFrictionFactor(y: Float) -> Float {
        neckFrictionFactor(y: SIMD8(repeating: y))[0]
    }

    /// The same for eight grains, one a lane.
    @inline(__always)
    func neckFrictionFactor(y: VectorLanes.Lanes) -> VectorLanes.Lanes {
        typealias Lanes = VectorLanes.Lanes
        let halfHeight = Lanes(repeating: PhysicsConstants.neckHalfHeight)
        let height = unsafeBitCast(unsafeBitCast(y, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: Lanes.self)
        let ramp = 1 - height / halfHeight
        let factor = maximum(Lanes(repeating: 0), 1 - ramp * parameters.neckDamping * subDt)
        return select(less(height, halfHeight), factor, Lanes(repeating: 1))
    }
}
