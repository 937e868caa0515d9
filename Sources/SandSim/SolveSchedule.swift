/// How the compute engine cuts a frame: its substeps, and the contact iterations in each.
public struct SolveSchedule: Sendable, Equatable {
    public var substeps: Int
    public var iterations: Int

    public init(substeps: Int, iterations: Int) {
        self.substeps = substeps
        self.iterations = iterations
    }

    /// For a frame of `frameDt` (clamped): at least `minimumSubsteps`, more for fast sand, so no
    /// grain moves more than `computeMaxStepDiameters` in one, and `computeIterations` in each.
    public static func compute(frameDt: Float, minimumSubsteps: Int, parameters: SimulationParameters, grainRadius: Float) -> SolveSchedule {
        let dt = SimulationParameters.clampedFrameDt(frameDt)
        let substeps = max(minimumSubsteps, parameters.substepsForSpeed(grainRadius: grainRadius, frameDt: dt, maxStepDiameters: PhysicsConstants.computeMaxStepDiameters))
        return SolveSchedule(substeps: substeps, iterations: PhysicsConstants.computeIterations)
    }
}
