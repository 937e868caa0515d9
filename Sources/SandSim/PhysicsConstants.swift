import Foundation

/// Every fixed number of the simulation, defined once. The CPU engine reads these directly; the
/// compute shaders receive them through the `#define` block built from `shaderDefines`.
public enum PhysicsConstants {
    // Glass
    public static let wallThickness: Float = 0.008
    /// The neck's inner opening as a fraction of the bulb's widest inner diameter: wide enough
    /// for sand to run at a steady rate, narrow enough to look like an hourglass (under a third).
    public static let neckOpeningFraction: Float = 0.3
    /// ... and never under this many grain diameters, below which openings clog (Zuriguel et
    /// al. 2005: arches block openings under about five diameters).
    public static let neckMinimumDiameters: Float = 4
    public static let shoulderHeight: Float = 0.04
    /// How much wider than the neck the glass is at the shoulders: a fixed widening keeps the
    /// funnel's wall steeper than sand rests on whatever the neck's width, where the original's
    /// ratio to the neck made a shelf of a wide neck (docs/PHYSICS.md).
    public static let shoulderWidening: Float = 0.026
    /// The wall's slope is measured this far either side of a grain: half the height between
    /// two smooth points of the profile, so a slope spans about one segment.
    public static let wallSlopeStep: Float = 0.005
    /// Outer glass runs from -glassHalfHeight to +glassHalfHeight; caps close the ends.
    public static let glassHalfHeight: Float = 0.5

    // Time stepping
    /// The longest step the hourglass takes at once: a frame of any length is cut into ticks
    /// no longer than this (Hourglass), so the timer, the drain and the physics agree at any
    /// frame rate; headless runs step one tick a frame.
    public static let tickSeconds: Float = 1.0 / 60.0
    /// Substeps a tick at least, in both engines; fast sand gets more (maxStepDiameters). One
    /// pass leaves part of a deep pile's weight unresolved, so fewer, longer substeps let a pile
    /// creep flatter (docs/PHYSICS.md).
    public static let substeps = 24

    // Gravity and neck friction scale with the timer's duration.
    public static let gravityPerSecond: Float = 5.0
    public static let minimumGravity: Float = 0.15
    /// The gravity (a 5 s timer) at which the speed thresholds below were tuned; at lower
    /// gravity they shrink with √g, the speed scale of a grain falling a fixed height.
    public static let referenceGravity: Float = 1.0
    public static let neckDampingPerSecond: Float = 0.02
    /// Each engine's own flow through the neck, fitted to Beverloo's law by `calibrate`
    /// (DrainCalibration, docs/PHYSICS.md): the share of the pile through per second at g = 1
    /// through an opening `drainReferenceOpening` wide beyond the dead band at its edge, that
    /// dead band in grain diameters, and the power of g the flow rises with.
    /// The compute engine's counts give openings of several sizes in grain diameters and so fit
    /// the dead band; the CPU engine's all have a neck 4 diameters wide, so its fit took the dead
    /// band of the compute engine's earlier, sequential solve (0.95).
    public static let cpuDrain = DrainCalibration(full: 0.0990, edgeDiameters: 0.95, gravityExponent: 0.51)
    public static let computeDrain = DrainCalibration(full: 0.0994, edgeDiameters: 1.16, gravityExponent: 0.55)
    public static let drainReferenceOpening: Float = 0.1
    /// The fit's defaults where a calibration's data cannot fix them.
    public static let drainEdgeDiameters: Float = 0.95
    public static let drainGravityExponent: Float = 0.5
    /// Gravity is chosen for sand that would run this much faster than the timer, so the drain
    /// controller always has friction to take away.
    public static let drainHeadroom: Float = 1.5
    /// Large grains through a neck a few grains wide need fast sand to keep a short timer; fast
    /// sand costs substeps.
    public static let maximumGravity: Float = 30
    /// ... and never below this: slower sand creeps and the settle damping stops it (steep
    /// cones, a grain left above), faster sand is more than the drain controller's friction can
    /// hold back for long timers (docs/PHYSICS.md, "Calibration").
    public static let minimumDrainGravity: Float = 0.5
    /// Long timers get a narrower neck (NeckSizing): one through which the sand, left alone at
    /// the gravity floor, would run this much faster than the timer needs: about what the
    /// original's neck does at 30 s, where the controller keeps time (docs/PHYSICS.md, "Long timers").
    public static let longTimerHeadroom: Float = 8
    /// Timers up to this keep the original's neck whatever the count: the original's range,
    /// measured with it.
    public static let longestOriginalTimer: Float = 30
    /// ... but never an opening narrower than this many grain diameters: arches close narrower
    /// necks too often for the taps (docs/PHYSICS.md, "Long timers").
    public static let longTimerNeckDiameters: Float = 3
    /// The most the drain controller holds the sand back through that neck: how many times
    /// faster than the timer it would run alone (DurationLimits), with a margin below the most
    /// measured to keep time (docs/PHYSICS.md, "Long timers").
    public static let longestHoldBack: Float = 16
    public static let neckHalfHeight: Float = 0.10

    // Contacts
    /// Coulomb friction between grains and against the glass, as position corrections: sliding
    /// below staticFriction × overlap is removed, beyond it at most kineticFriction × overlap.
    /// Under half of sand's sliding friction, since grains that cannot roll are held up by that
    /// too; chosen for piles that stand at sand's angle, solved after the pushes
    /// (docs/PHYSICS.md, "Friction after the pushes").
    public static let staticFriction: Float = 0.2
    public static let kineticFriction: Float = 0.15
    /// A contact in the chamber below that slid slower than restSpeed (times
    /// SimulationParameters.speedScale) × dt the substep before has this friction, static and
    /// kinetic: a pile at rest holds a tilt below sand's angle, and a surface that slides keeps
    /// sliding down to it (docs/PHYSICS.md, "Friction that remembers").
    public static let restFriction: Float = 0.35
    public static let restSpeed: Float = 0.0005
    /// How much a contact's remembered push may grow in a substep, in g·dt² (the sag of one
    /// grain's weight): a load builds up over substeps, an impact's push is not remembered, as
    /// its warm start would throw the grains apart again (ContactSolve).
    public static let rememberedGrowth: Float = 2
    /// Against the glass, which is smooth: sand slides down the funnel to the neck instead of
    /// resting on the glass where it is shallowest.
    public static let glassStaticFriction: Float = 0.2
    public static let glassKineticFriction: Float = 0.15
    /// No grain may move more than this many diameters in a substep: faster sand gets more
    /// substeps. A grain landing on a pile sinks into it by about its step before the solve
    /// stops it, so this is the deepest overlap an impact leaves (docs/PHYSICS.md).
    public static let maxStepDiameters: Float = 0.1
    /// ... in the compute engine, whose averaged solve stops a landing grain a little later, so
    /// 0.1 let large counts overlap past a tenth of a diameter (docs/PHYSICS.md, "The compute
    /// engine's solve").
    public static let computeMaxStepDiameters: Float = 0.07
    /// The CPU engine lists the grains within two radii plus this many diameters of each other,
    /// and lists them again once a grain may have come half of it (ContactCandidates). Wider
    /// lists more pairs, narrower lists more often; the fastest measured (docs/BENCHMARKS.md).
    public static let cpuListSkinDiameters: Float = 0.4
    /// In the chamber below, a contact's upper grain takes ½(1 + supportLean · n·up) of its push
    /// and friction, the lower the rest (ContactSolve, contact.glsl): 0 is half each, 1 all to
    /// a grain resting right on top; chosen by measurement (docs/PHYSICS.md, "Friction after
    /// the pushes").
    public static let supportLean: Float = 0.5
    /// Contacts may leave a grain at most this much faster (× speedScale) than gravity alone
    /// would have in a substep: pushing an overlap out must not launch the grains (Box2D v3's
    /// contact speed). Impacts and the drain lose speed to contacts; a pile only gains it from
    /// overlaps (docs/PHYSICS.md, "Friction after the pushes").
    public static let pushOutSpeed: Float = 0.1
    /// The compute engine's solve: iterations a substep, each moving every grain by the average
    /// of what its contacts ask times this relaxation (FleX's local relaxation); chosen by
    /// measurement (docs/PHYSICS.md, "The compute engine's solve"). A pile of more than
    /// `deepPileGrains` gets `deepPileIterations`: each iteration carries the weight only one
    /// grain's average further up, and with two a deep pile sank into itself and jammed its neck.
    public static let computeIterations = 2
    public static let deepPileIterations = 4
    public static let deepPileGrains = 20_000
    public static let contactRelaxation: Float = 1
    /// The compute engine lists the grains within two radii plus this many diameters of each
    /// grain when it sorts them, and sorts again once a grain may have come half of it
    /// (ContactListReach); room for this many neighbours a grain, nearest kept.
    public static let computeListSkinDiameters: Float = 0.4
    /// Substeps are sized for the fastest grain measured a few ticks back (the GPU's, for a
    /// large pile) or at the last one (the CPU's), plus what gravity may add since, times
    /// this: room for a push out of an overlap.
    public static let speedMargin: Float = 1.5
    public static let contactListSlots = 24

    // Damping: v *= settle^dt + (flow^dt - settle^dt) · min(speed / (dampingSpeedScale · speedScale), 1)
    public static let flowDamping: Float = 0.92
    public static let settleDamping: Float = 0.05
    public static let dampingSpeedScale: Float = 0.15

    // Resting grains (in the chamber below against gravity, with something under them, slower
    // than sleepSpeed): the compute engine puts them to sleep while the timer does not run, to
    // save work. Speeds scale with speedScale.
    public static let sleepSpeed: Float = 0.08
    public static let lightSleepCounter: Float = 16
    public static let deepSleepCounter: Float = 30
    /// A deep sleeper's counter stops here, so it never grows without bound.
    public static let sleepCounterCap: Float = 60
    /// Frames between a deep sleeper's looks at what holds it up: one in four frames each, so a
    /// sleeper whose support slid away falls within a fifteenth of a second, not half a second as
    /// at the original's 30 (docs/PHYSICS.md, "Support under the grain").
    public static let supportCheckInterval = 4
    public static let supportDistanceFactor: Float = 1.05
    /// A contact holds a grain up only where its normal into the grain lies within this many
    /// degrees of up, against the gravity of the moment (docs/PHYSICS.md, "Support under the
    /// grain"): a cap, wall or grain beside or above a grain never stops it.
    public static let supportConeDegrees: Float = 40
    /// The cosine of `supportConeDegrees`, as the engines compare it.
    public static let supportCosine: Float = cos(supportConeDegrees * .pi / 180)
    public static let wakeApproachSpeed: Float = -0.05

    // Layouts shared with the shaders
    public static let workGroupSize = 256
    /// Values each invocation of `prefix_sum.comp` sums in sequence: one work group scans
    /// workGroupSize × this.
    public static let scanValuesPerInvocation = 4
    public static let profileTableSize = 256
}
