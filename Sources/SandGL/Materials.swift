import Foundation

/// What the hourglass is made of: clear glass that shows itself by what it reflects, and the
/// frame's wooden caps (the original's).
enum Materials {
    /// Blinn wood, opaque.
    struct Caps {
        var diffuse: SIMD3<Float>
        var specular: SIMD3<Float>
        /// The highlight's share over the wood.
        var specularAlpha: Float
        var shininess: Float
        /// Highlights are lit as mirror reflections of the lights, brighter than diffuse light.
        var specularStrength: Float
    }

    /// Thin clear glass (glass.frag).
    struct Glass {
        /// Reflectance facing the eye: 4% for glass (index 1.5).
        var fresnelF0: Float
        /// Light through the wall where it faces the eye; the path and the loss grow as
        /// 1 / cos toward grazing angles.
        var wallTransmission: Float
        /// The same as the shader takes it: −log2 of the transmission.
        var wallAbsorbance: Float { -log2(wallTransmission) }
        var shininess: Float
        /// The key light's Blinn highlight, over the studio's reflections.
        var highlightStrength: Float
    }

    static let caps = Caps(diffuse: [0.36, 0.24, 0.14], specular: [0.5, 0.42, 0.32], specularAlpha: 0.4, shininess: 30, specularStrength: 2)
    static let glass = Glass(fresnelF0: 0.04, wallTransmission: 0.985, shininess: 120, highlightStrength: 3)
}
