import SandSim

/// One hourglass as the renderer draws it this frame: its glass, its angle and its grains
/// (the scenes beside it are `Scene`s, each a whole window's content).
public struct DrawnHourglass {
    public var profile: HourglassProfile
    public var angle: Float
    public var grains: GrainSource

    public init(profile: HourglassProfile, angle: Float, grains: GrainSource) {
        (self.profile, self.angle, self.grains) = (profile, angle, grains)
    }
}
