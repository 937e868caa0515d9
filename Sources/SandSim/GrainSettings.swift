/// What a spawn is built from; count and size changes wait for the next start or reset
/// (HourglassSession).
public struct GrainSettings: Equatable, Sendable, Codable {
    public var mode: PhysicsMode
    public var count: Int
    public var size: Float

    public init(mode: PhysicsMode, count: Int, size: Float = 1) {
        self.mode = mode
        self.count = count
        self.size = size
    }
}
