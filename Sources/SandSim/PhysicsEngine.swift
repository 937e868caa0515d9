/// The seam between physics and everything else. The CPU engine and the compute engine both
/// conform; modes differ in where physics runs, not in what the app does with it.
public protocol PhysicsEngine: AnyObject {
    /// Short name for reports: "CPU", "GPU", "Instanced".
    var name: String { get }
    var grainCount: Int { get }
    /// Substeps per tick (`PhysicsConstants.tickSeconds`) at least; `load` sets the engine's own
    /// rule, a benchmark may override it. A step of another length takes them in proportion.
    var substeps: Int { get set }
    /// Substeps the last step took: more than `substeps` when the sand was fast.
    var lastSubsteps: Int { get }

    /// Replaces every grain and the glass they live in.
    func load(_ grains: [Grain], profile: HourglassProfile) throws
    /// Changes the glass the grains live in, keeping the grains: a long timer's neck (NeckSizing)
    /// for a pile resting in the lower chamber. The chambers must stay as they are.
    func reshape(_ profile: HourglassProfile)
    /// Advances `frameDt` seconds with the container turned by `angle`, in substeps short enough
    /// for the sand's speed (SimulationParameters.substeps).
    func step(frameDt: Float, angle: Float, parameters: SimulationParameters)
    /// Maps every grain through the half turn and clears sleep, as the flip's last act.
    func snapAfterFlip()
    /// A copy of the current state.
    func readGrains() -> [Grain]
    /// Asks for the number of grains above the neck's centre after the last step, labelled `tag`.
    func requestUpperCount(tag: Int)
    /// The newest count asked for that has arrived: at once from the CPU engine; from the compute
    /// engine once the GPU has made it, read without waiting for the GPU (usually a frame later).
    func latestUpperCount() -> UpperCount?
}

/// How many grains were above the neck's centre after the step a count was asked for.
public struct UpperCount: Sendable, Equatable {
    /// The label the count was asked for with.
    public var tag: Int
    public var count: Int

    public init(tag: Int, count: Int) {
        (self.tag, self.count) = (tag, count)
    }
}

extension PhysicsEngine {
    /// A fresh pile: poured to rest (PouredPile) for `count` grains at `size`, in a glass sized for them.
    @discardableResult
    public func spawn(count: Int, size: Float = 1, seed: UInt64 = PouredPile.defaultSeed) throws -> Pile {
        let pile = Pile(count: count, size: size)
        try load(pile.grains(seed: seed), profile: pile.profile)
        return pile
    }
}
