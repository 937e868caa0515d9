import SceneSupport

/// Everything a user can tune about the sparkles scene (seed 002). Lengths are framebuffer
/// pixels, times seconds unless named otherwise. docs/SPARKLES.md lists every default and range
/// and where each comes from in the seed.
public struct SparkleParameters: Codable, Equatable, Sendable {
    // The control
    /// The capsule's width as a fraction of the window's (its height follows from `aspect`, and
    /// both shrink to keep it within 80% of the window's height).
    public var controlWidth: Float
    /// Width over height (the seed's 240 × 100 points: 2.4).
    public var aspect: Float
    /// The white stroke inside the edge (seed: 1).
    public var strokeWidth: Float
    /// The palette-coloured glowing border's line width, centred on the edge (seed: 4).
    public var borderWidth: Float
    /// The soft halo around the border, px (the seed's `.glow` blur; not given there).
    public var haloRadius: Float

    // The glow
    /// intensity = smoothstep(0,1,progress) · exp(−d²) · amplitude · smoothstep(0,1,1 − d/progress) (seed: 3).
    public var glowAmplitude: Float
    /// Seconds progress takes from 0 to 1 on a press and back on release (seed: 0.4).
    public var glowSeconds: Float

    // The ripple (Apple's WWDC24 layer effect as the seed uses it)
    public var rippleAmplitude: Float   // px of displacement at the peak (seed: 2)
    public var rippleFrequency: Float   // rad per unit of ripple time (seed: 4)
    public var rippleDecay: Float       // 1 per unit of ripple time (seed: 10)
    public var rippleSpeed: Float       // px per unit of ripple time (seed: 800)
    public var rippleDuration: Float    // units of ripple time the effect runs (seed: 1)
    public var rippleDrive: Float       // wall seconds over which ripple time runs 0 → duration (seed: 2)

    // The particle cloud
    public var particleCount: Int       // seed: 32
    public var radiusMin: Float         // px (seed: 4)
    public var radiusMax: Float         // px (seed: 30)
    /// Reborn when nearer the centre than this, px (seed: 20).
    public var rebirthDistance: Float
    /// Reborn when older than this many ticks (seed: 100); colour ∝ lifespan / maxLifespan.
    public var maxLifespan: Float
    /// px a tick, the length of the seed's velocity (5, 5): 5√2.
    public var particleSpeed: Float
    /// Each rebirth draws the speed from speed · (1 ± jitter) (seed: 0, every particle alike).
    public var speedJitter: Float
    /// Fixed ticks a second (the seed's MTKView default of 60 frames a second).
    public var tickRate: Float
    /// Multiplies each particle's colour before the additive blend (seed look: 1).
    public var particleBrightness: Float

    // Colours, 0–1
    public var paletteA: SIMD3<Float>
    public var paletteB: SIMD3<Float>
    public var paletteC: SIMD3<Float>
    public var backdrop: SIMD3<Float>

    public init(controlWidth: Float = 0.6, aspect: Float = 2.4, strokeWidth: Float = 1, borderWidth: Float = 4, haloRadius: Float = 10,
                glowAmplitude: Float = 3, glowSeconds: Float = 0.4,
                rippleAmplitude: Float = 2, rippleFrequency: Float = 4, rippleDecay: Float = 10, rippleSpeed: Float = 800,
                rippleDuration: Float = 1, rippleDrive: Float = 2,
                particleCount: Int = 32, radiusMin: Float = 4, radiusMax: Float = 30, rebirthDistance: Float = 20, maxLifespan: Float = 100,
                particleSpeed: Float = 5 * Float(2).squareRoot(), speedJitter: Float = 0, tickRate: Float = 60, particleBrightness: Float = 1,
                paletteA: SIMD3<Float> = SIMD3(0.15, 0.75, 1.0), paletteB: SIMD3<Float> = SIMD3(0.60, 0.30, 1.0),
                paletteC: SIMD3<Float> = SIMD3(1.0, 0.35, 0.60), backdrop: SIMD3<Float> = SIMD3(0, 0, 0)) {
        self.controlWidth = controlWidth
        self.aspect = aspect
        self.strokeWidth = strokeWidth
        self.borderWidth = borderWidth
        self.haloRadius = haloRadius
        self.glowAmplitude = glowAmplitude
        self.glowSeconds = glowSeconds
        self.rippleAmplitude = rippleAmplitude
        self.rippleFrequency = rippleFrequency
        self.rippleDecay = rippleDecay
        self.rippleSpeed = rippleSpeed
        self.rippleDuration = rippleDuration
        self.rippleDrive = rippleDrive
        self.particleCount = particleCount
        self.radiusMin = radiusMin
        self.radiusMax = radiusMax
        self.rebirthDistance = rebirthDistance
        self.maxLifespan = maxLifespan
        self.particleSpeed = particleSpeed
        self.speedJitter = speedJitter
        self.tickRate = tickRate
        self.particleBrightness = particleBrightness
        self.paletteA = paletteA
        self.paletteB = paletteB
        self.paletteC = paletteC
        self.backdrop = backdrop
    }

    public static let defaults = SparkleParameters()

    /// From the seed's 32 to a million (the overlay's slider is logarithmic).
    public static let particleCountRange: ClosedRange<Int> = 32...1_000_000

    public typealias Slider = ParameterSlider<SparkleParameters>

    /// The sliders for the overlay, grouped; each range is the one `clamped()` enforces.
    public static let sliders: [(group: String, sliders: [Slider])] = [
        ("Control", [
            ("Width (of window)", \.controlWidth, 0.2...0.95, "%.2f"),
            ("Aspect", \.aspect, 1...6, "%.2f"),
            ("Stroke (px)", \.strokeWidth, 0...4, "%.1f"),
            ("Border (px)", \.borderWidth, 0...16, "%.1f"),
            ("Halo (px)", \.haloRadius, 0...40, "%.1f"),
        ]),
        ("Glow", [
            ("Amplitude", \.glowAmplitude, 0...10, "%.2f"),
            ("Ramp (s)", \.glowSeconds, 0.05...2, "%.2f"),
        ]),
        ("Ripple", [
            ("Amplitude (px)", \.rippleAmplitude, 0...20, "%.1f"),
            ("Frequency", \.rippleFrequency, 0...30, "%.1f"),
            ("Decay", \.rippleDecay, 0...40, "%.1f"),
            ("Speed (px/unit)", \.rippleSpeed, 50...4000, "%.0f"),
            ("Duration (units)", \.rippleDuration, 0.1...4, "%.2f"),
            ("Drive (s)", \.rippleDrive, 0.1...8, "%.2f"),
        ]),
        ("Particles", [
            ("Radius min (px)", \.radiusMin, 0.5...60, "%.1f"),
            ("Radius max (px)", \.radiusMax, 0.5...60, "%.1f"),
            ("Rebirth (px)", \.rebirthDistance, 0...200, "%.0f"),
            ("Lifespan (ticks)", \.maxLifespan, 1...1000, "%.0f"),
            ("Speed (px/tick)", \.particleSpeed, 0...50, "%.2f"),
            ("Speed jitter", \.speedJitter, 0...0.9, "%.2f"),
            ("Tick rate (Hz)", \.tickRate, 10...240, "%.0f"),
            ("Brightness", \.particleBrightness, 0.01...4, "%.2f"),
        ]),
    ]

    public static let colours: [(label: String, keyPath: WritableKeyPath<SparkleParameters, SIMD3<Float>> & Sendable)] = [
        ("palette 1", \.paletteA), ("palette 2", \.paletteB), ("palette 3", \.paletteC), ("backdrop", \.backdrop),
    ]

    /// Every value in its range; a non-finite value becomes its default; radiusMax ≥ radiusMin.
    public func clamped() -> SparkleParameters {
        var result = ParameterClamp.sliders(Self.sliders.flatMap(\.sliders), of: self, defaults: .defaults)
        result.radiusMax = max(result.radiusMax, result.radiusMin)
        result.particleCount = min(max(particleCount, Self.particleCountRange.lowerBound), Self.particleCountRange.upperBound)
        for colour in Self.colours {
            result[keyPath: colour.keyPath] = ParameterClamp.colour(self[keyPath: colour.keyPath], fallback: Self.defaults[keyPath: colour.keyPath])
        }
        return result
    }
}
