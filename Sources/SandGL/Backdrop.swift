import GLSupport

/// The studio's backdrop behind the hourglass (backdrop.frag): a warm grey, lighter toward the
/// top and behind the glass, darker toward the window's corners.
enum Backdrop {
    /// sRGB.
    static let topColor = SIMD3<Float>(0.27, 0.24, 0.21)
    static let bottomColor = SIMD3<Float>(0.15, 0.13, 0.115)
    /// How much darker the corners are, per squared distance from the centre (in heights).
    static let vignette: Float = 0.55

    static func apply(to program: ShaderProgram) {
        program.set("topColor", topColor)
        program.set("bottomColor", bottomColor)
        program.set("vignette", vignette)
    }
}
