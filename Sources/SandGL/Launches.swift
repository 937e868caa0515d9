/// What a compute engine put in the GL's queue: dispatches and memory barriers issued, whether
/// or not a dispatch had work (an unarmed sort's stages have none, but each is still a launch
/// and its barrier still waits).
public struct Launches: Equatable, Sendable {
    public var dispatches = 0
    public var barriers = 0

    public init(dispatches: Int = 0, barriers: Int = 0) {
        (self.dispatches, self.barriers) = (dispatches, barriers)
    }

    mutating func add(dispatches: Int, barriers: Int) {
        self.dispatches += dispatches
        self.barriers += barriers
    }

    public static func - (lhs: Launches, rhs: Launches) -> Launches {
        Launches(dispatches: lhs.dispatches - rhs.dispatches, barriers: lhs.barriers - rhs.barriers)
    }
}
