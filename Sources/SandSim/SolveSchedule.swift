/// How the compute engine cuts a step: its substeps, and the contact iterations in each.
public struct SolveSchedule: Sendable, Equatable {
    public var substeps: Int
    public var iterations: Int

    public init(substeps: Int, iterations: Int) {
        (self.substeps, self.iterations) = (substeps, iterations)
    }

    /// For a step of `dt` seconds: `substepsPerTick` for every tick of it, more for fast sand, so
    /// no grain moves more than `computeMaxStepDiameters` in one, and `computeIterations` in each.
    public static func compute(dt: Float, substepsPerTick: Int, parameters: SimulationParameters, grainRadius: Float) -> SolveSchedule {
        let substeps = parameters.substeps(perTick: substepsPerTick, grainRadius: grainRadius, dt: dt,
                                           maxStepDiameters: PhysicsConstants.computeMaxStepDiameters)
        return SolveSchedule(substeps: substeps, iterations: PhysicsConstants.computeIterations)
    }
}
