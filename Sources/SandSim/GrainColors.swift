/// Grain colours as packed RGBA8 (red in the lowest byte, as GL reads `GL_UNSIGNED_BYTE` × 4).
public enum GrainColors {
    /// Golden sand, (0.76, 0.60, 0.28).
    public static let sand = SIMD3<Float>(0.76, 0.60, 0.28)
    public static let paletteSize = 24

    public static func pack(_ color: SIMD3<Float>) -> UInt32 {
        let bytes = (color * Float(255)).rounded(.toNearestOrAwayFromZero)
        let clamped = bytes.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
        return UInt32(clamped.x) | UInt32(clamped.y) << 8 | UInt32(clamped.z) << 16 | 0xFF00_0000
    }

    /// A saturated, not too dark colour for a hue in 0..<1, from HSB as the original used.
    public static func hue(_ hue: Float, saturation: Float = 0.75, brightness: Float = 0.9) -> SIMD3<Float> {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Float(Int(h))
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return [brightness, t, p]
        case 1: return [q, brightness, p]
        case 2: return [p, brightness, t]
        case 3: return [p, q, brightness]
        case 4: return [t, p, brightness]
        default: return [brightness, p, q]
        }
    }

    /// The 24 evenly spaced hues random colours draw from.
    public static let palette: [SIMD3<Float>] = (0..<paletteSize).map { hue(Float($0) / Float(paletteSize)) }

    /// One packed colour per grain, by grain: all sand, or a palette colour each from a seeded
    /// draw. Every mode draws grain i in colour i, so glasses whose engines agree look alike.
    public static func perGrain(count: Int, random: Bool, seed: UInt64 = 7) -> [UInt32] {
        guard random else { return [UInt32](repeating: pack(sand), count: count) }
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in pack(palette[Int.random(in: 0..<paletteSize, using: &generator)]) }
    }
}
