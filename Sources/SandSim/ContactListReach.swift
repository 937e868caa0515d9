/// How far the compute engine's contact lists reach. Each grain lists the grains within two radii
/// plus a skin when the grains are sorted; a pair not listed was then a skin apart, so it cannot
/// touch, nor come within the support check's reach, before one of its grains has moved about
/// half the skin. The grid's cells are as wide as the lists reach, so a grain's listed
/// neighbours lie in the 27 cells around it.
public struct ContactListReach: Sendable, Equatable {
    public let skin: Float
    /// Two of the largest radii plus the skin: the grid's cell size.
    public let reach: Float
    /// A grain that has moved this far since the sort, counting its last step once more for the
    /// step to come, may miss a contact: the grains are sorted again before the next substep.
    public let relistDistance: Float

    public init(largestRadius: Float) {
        skin = 2 * largestRadius * PhysicsConstants.computeListSkinDiameters
        reach = 2 * largestRadius + skin
        let supportMargin = 2 * largestRadius * (PhysicsConstants.supportDistanceFactor - 1)
        relistDistance = (skin - supportMargin) / 2
    }
}
