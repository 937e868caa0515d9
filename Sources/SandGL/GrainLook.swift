/// How sand is shaded beyond Lambert, in every mode and both shapes (grain_shading.glsl): a
/// slight shade of its own for each grain, occlusion from the pile around it, and a dark rim
/// where grains meet. Chosen by eye on screenshots of piles of 250 to 20,000 grains
/// (docs/RENDERING.md).
public enum GrainLook {
    /// Each grain's colour is scaled by 1 ± this, from a hash of its index.
    public static let brightnessJitter: Float = 0.08
    /// Each grain's red rises and its blue falls by up to ± this (warmer or cooler sand).
    public static let hueJitter: Float = 0.05
    /// Where the pile is packed around a point, its light falls to 1 − this.
    public static let occlusionStrength: Float = 0.5
    /// How much bluer light the shade loses than red (green half as much): light bounced
    /// between grains is their colour.
    public static let shadeWarmth: Float = 0.5
    /// The occlusion field's cells, in grain diameters.
    public static let occlusionCellDiameters: Float = 1.5
    /// The field is read this many grain radii from the centre along the surface's normal.
    public static let occlusionReach: Float = 2.5
    /// The share of a cell that grains fill in a packed pile (random close packing is 0.64;
    /// a poured pile, as one spawns, about 0.58).
    public static let packedFraction: Float = 0.6
    /// A grain whose cell and the six cells around it are at least this full is buried, and
    /// one with the next two cells toward the eye this full is behind the pile: no eye sees
    /// either, so neither is drawn.
    public static let buriedFullness: Float = 0.75
    /// Light left at a grain's silhouette, and the width of the darkened rim (in the cosine
    /// between the normal and the eye).
    public static let edgeDarkness: Float = 0.5
    public static let edgeWidth: Float = 0.35
}
