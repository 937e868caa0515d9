/// The seam between physics and everything else. The CPU engine and the compute engine both
/// conform; modes differ in where physics runs, not in what the app does with it.
public protocol PhysicsEngine: AnyObject {
    /// Short name for reports: "CPU", "GPU", "Instanced".
    var name: String { get }
    var grainCount: Int { get }
    /// Substeps per frame at least; `load` sets the engine's own rule, a benchmark may override it.
    var substeps: Int { get set }
    /// Substeps the last frame took: more than `substeps` when the sand was fast.
    var lastSubsteps: Int { get }

    /// Replaces every grain and the glass they live in.
    func load(_ grains: [Grain], profile: HourglassProfile) throws
    /// Advances one frame of `frameDt` seconds (clamped) with the container turned by `angle`.
    func step(frameDt: Float, angle: Float, parameters: SimulationParameters)
    /// Maps every grain through the half turn and clears sleep, as the flip's last act.
    func snapAfterFlip()
    /// A copy of the current state.
    func readGrains() -> [Grain]
}

extension PhysicsEngine {
    /// A fresh pile: the spawn lattice for `count` grains at `size`, in a glass sized for them.
    public func spawn(count: Int, size: Float = 1, seed: UInt64 = 1) throws {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count, size: size))
        try load(SpawnLattice.grains(count: count, profile: profile, seed: seed), profile: profile)
    }
}
