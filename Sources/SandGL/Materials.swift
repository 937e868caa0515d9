/// What the hourglass is made of: clear glass that shows itself by what it reflects, and the
/// frame's wooden caps (the original's), each in the block its shader takes.
enum Materials {
    static let caps = CapsBlock(diffuse: [0.36, 0.24, 0.14], specular: [0.5, 0.42, 0.32], specularAlpha: 0.4, shininess: 30, specularStrength: 2)
    static let glass = GlassBlock(fresnelF0: 0.04, wallTransmission: 0.985, shininess: 120, highlightStrength: 3)
}
