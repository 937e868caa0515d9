import GLSupport
import SandSim

/// The desk the hourglass stands on (desk.frag, given these in DeskBlock): a dark wooden top
/// that fades into the backdrop with distance, like a studio sweep, and an analytic soft
/// contact shadow under the base.
enum Desk {
    /// The top of the desk: the bottom of the lower cap at rest.
    static let height = -(PhysicsConstants.glassHalfHeight + HourglassProfile.capThickness)
    /// sRGB: a dark walnut.
    static let color = SIMD3<Float>(0.30, 0.21, 0.15)
    /// Distance from the hourglass over which the desk fades into the backdrop.
    static let fade = SIMD2<Float>(0.9, 2.4)
    /// How dark the contact shadow is under the base at rest, and how far its penumbra reaches
    /// beyond the cap, as a share of the cap's radius.
    static let shadowStrength: Float = 0.8
    static let shadowPenumbra: Float = 0.9
    /// Height over which the shadow fades as the hourglass leaves the desk.
    static let shadowFadeHeight: Float = 0.08
}
