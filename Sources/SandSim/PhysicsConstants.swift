/// Every fixed number of the simulation, defined once. The CPU engine reads these directly; the
/// compute shaders receive them through the `#define` block built from `shaderDefines`.
public enum PhysicsConstants {
    // Glass
    public static let wallThickness: Float = 0.008
    /// Gap between a grain and the inner neck: the opening is `grainRadius + neckClearance`.
    public static let neckClearance: Float = 0.002
    public static let shoulderHeight: Float = 0.04
    public static let shoulderRadiusFactor: Float = 1.8
    /// Outer glass runs from -glassHalfHeight to +glassHalfHeight; caps close the ends.
    public static let glassHalfHeight: Float = 0.5

    // Time stepping
    public static let maxFrameDt: Float = 1.0 / 30.0
    public static let cpuSubsteps = 4

    // Gravity and neck friction scale with the timer's duration.
    public static let gravityPerSecond: Float = 5.0
    public static let minimumGravity: Float = 0.15
    /// The gravity (a 5 s timer) at which the speed thresholds below were tuned; at lower
    /// gravity they shrink with √g, the speed scale of a grain falling a fixed height.
    public static let referenceGravity: Float = 1.0
    public static let neckDampingPerSecond: Float = 0.02
    public static let neckHalfHeight: Float = 0.10

    // Contacts
    public static let grainRestitution: Float = 0.02
    public static let wallRestitution: Float = 0.1
    /// Fraction of the tangential velocity lost on each wall contact.
    public static let wallFriction: Float = 0.01
    public static let floorRestitution: Float = 0.1
    /// Resting contact on floor/ceiling zeroes v.y when |v.y| < g · subDt · this.
    public static let restingContactFactor: Float = 2.0
    /// Sequential CPU collision: each grain takes half the overlap and half the impulse.
    public static let cpuCorrectionShare: Float = 0.5
    /// Parallel GPU collision: each thread sees a stale snapshot, so each side takes a quarter.
    public static let gpuCorrectionShare: Float = 0.25
    /// A grain's summed GPU corrections and impulses count at most this many contacts: its
    /// neighbours each take a quarter of its stale state, so past about four it gives out more
    /// than it has; six keeps ordinary piles stiff and dense landings calm.
    public static let gpuContactLimit: Float = 6

    // Damping: v *= settle^dt + (flow^dt - settle^dt) · min(speed / (dampingSpeedScale · speedScale), 1)
    public static let flowDamping: Float = 0.92
    public static let settleDamping: Float = 0.05
    public static let dampingSpeedScale: Float = 0.15

    // GPU sleep (lower chamber only, supported grains only); speeds scale with speedScale
    public static let velocityCutoff: Float = 0.01
    public static let sleepSpeed: Float = 0.08
    public static let lightSleepCounter: Float = 16
    public static let deepSleepCounter: Float = 30
    /// A deep sleeper's counter stops here, so it never grows without bound.
    public static let sleepCounterCap: Float = 60
    public static let supportCheckInterval = 30
    public static let supportDistanceFactor: Float = 1.05
    public static let wakeApproachSpeed: Float = -0.05

    // Layouts shared with the shaders
    public static let workGroupSize = 256
    /// Values each invocation of `prefix_sum.comp` sums in sequence: one work group scans
    /// workGroupSize × this.
    public static let scanValuesPerInvocation = 4
    public static let profileTableSize = 256
}
