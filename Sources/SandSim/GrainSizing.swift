import Foundation

/// Grain radius from count and size slider. The base r ∝ N^(-1/3) keeps the total grain volume
/// constant; the packing correction makes up for the wall clearance, which grows relative to
/// small grains (each lattice layer holds more of them), so the pile stays at the height of
/// the 250-grain reference — about a quarter of the glass — at every count.
///
/// The size slider scales the sand's volume, not the grains' diameter: the original scaled the
/// diameter, so 1.5× meant 3.4 times the sand, more than the lower chamber holds (the lattice
/// overflowed and grains started above the neck). Diameter ∝ size^(1/3) keeps the largest pile
/// at 1.5 times the reference, well inside the lower chamber.
public enum GrainSizing {
    public static let baseRadius: Float = 0.030
    public static let baseCount: Float = 100
    public static let referenceCount = 250
    public static let sizeRange: ClosedRange<Float> = 0.5...1.5
    public static let sizeStep: Float = 0.05

    public static func radiusForCount(_ count: Int, size: Float = 1) -> Float {
        uncorrectedRadius(count) * packingCorrection(count) * diameterScale(size: size)
    }

    /// How much the size slider scales a grain's diameter.
    public static func diameterScale(size: Float) -> Float {
        pow(size, 1.0 / 3.0)
    }

    static func uncorrectedRadius(_ count: Int) -> Float {
        baseRadius * pow(baseCount / Float(max(count, 1)), 1.0 / 3.0)
    }

    /// (effR / refEffR)^(2/3), effR being the radius a grain centre can reach in the chamber.
    static func packingCorrection(_ count: Int) -> Float {
        let chamber = HourglassProfile.chamberRadius
        let effective = chamber - uncorrectedRadius(count)
        let reference = chamber - uncorrectedRadius(referenceCount)
        return pow(effective / reference, 2.0 / 3.0)
    }
}
