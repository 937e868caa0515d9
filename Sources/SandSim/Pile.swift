/// A pile as it is spawned: how many grains, their radius and the glass sized for them. The
/// one place a pile's radius and glass are worked out from its count and size (GrainSizing);
/// the engine loads its grains, and the Hourglass, the measures and the renderers read the rest
/// from it.
public struct Pile: Sendable {
    public let count: Int
    /// The size asked for, against the size the count gets (1 for grains loaded by hand).
    public let size: Float
    public let profile: HourglassProfile
    public var radius: Float { profile.grainRadius }

    /// `count` grains at `size` times the size that count gets.
    public init(count: Int, size: Float = 1) {
        self.init(count: count, size: size, radius: GrainSizing.radiusForCount(count, size: size))
    }

    /// `count` grains of a radius given outright (grains loaded by hand).
    public init(count: Int, radius: Float) {
        self.init(count: count, size: 1, radius: radius)
    }

    private init(count: Int, size: Float, radius: Float) {
        (self.count, self.size) = (count, size)
        profile = HourglassProfile(grainRadius: radius)
    }

    /// The grains poured to rest (PouredPile), from `seed`.
    public func grains(seed: UInt64 = PouredPile.defaultSeed) -> [Grain] {
        PouredPile.grains(count: count, profile: profile, seed: seed)
    }
}
