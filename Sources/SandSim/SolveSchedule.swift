/// How the compute engine cuts a step: its substeps, the contact iterations in each, and how
/// often a large pile's contact lists are checked.
public struct SolveSchedule: Sendable, Equatable {
    public var substeps: Int
    public var iterations: Int
    /// Substeps from one check whether the grains must be sorted again to the next: as many as
    /// the fastest grain takes to come the lists' relisting distance (ContactListReach), so a
    /// check covers every substep up to the next one, at most `largestRelistInterval`.
    public var relistInterval: Int
    /// How much farther than its last substep's step, repeated, a grain may come before the
    /// check after next, from what gravity adds over those steps (in the solve's parameters).
    public var relistSlack: Float

    public init(substeps: Int, iterations: Int, relistInterval: Int = 1, relistSlack: Float = 0) {
        (self.substeps, self.iterations) = (substeps, iterations)
        (self.relistInterval, self.relistSlack) = (relistInterval, relistSlack)
    }

    /// Checks, at most, this many substeps apart: more would let gravity's slack eat the skin.
    public static let largestRelistInterval = 8

    /// For a step of `dt` seconds of a pile of `grains`: `substepsPerTick` for every tick of it,
    /// more for fast sand, so no grain moves more than `computeMaxStepDiameters` in one, and the
    /// iterations its depth needs in each (`iterations(grains:)`).
    /// `fastest`: a bound on the sand's speed this step where one is measured (the fall where not).
    public static func compute(dt: Float, substepsPerTick: Int, parameters: SimulationParameters, grains: Int, grainRadius: Float,
                               relistDistance: Float = 0, fastest: Float? = nil) -> SolveSchedule {
        let substeps = parameters.substeps(perTick: substepsPerTick, grainRadius: grainRadius, dt: dt,
                                           maxStepDiameters: PhysicsConstants.computeMaxStepDiameters, fastest: fastest)
        let subDt = dt / Float(substeps)
        let step = parameters.speedBound(measured: fastest) * subDt
        let interval = step > 0 ? Int(min(relistDistance / step, Float(largestRelistInterval))) : largestRelistInterval
        let checked = max(interval, 1)
        // Gravity adds a·subDt² more to each step than to the one before; the first step's share
        // is left out, as a check every substep always left it (it is far below the skin).
        let slack = parameters.acceleration * subDt * subDt * Float(checked * (checked - 1)) / 2
        return SolveSchedule(substeps: substeps, iterations: iterations(grains: grains),
                             relistInterval: checked, relistSlack: slack)
    }

    /// Contact iterations a substep for a pile of `grains`: more for a deep pile
    /// (PhysicsConstants.deepPileGrains).
    public static func iterations(grains: Int) -> Int {
        grains > PhysicsConstants.deepPileGrains ? PhysicsConstants.deepPileIterations : PhysicsConstants.computeIterations
    }
}
