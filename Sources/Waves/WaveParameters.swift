import SceneSupport

/// Everything a user can tune about the waves scene. Units: the grid's cell is the unit of
/// length and the second the unit of time; heights are in arbitrary units (a tap of strength 1
/// with impulse 1 puts about 1 into the field). docs/WAVES.md lists every default and range.
public struct WaveParameters: Codable, Equatable, Sendable {
    /// Propagation speed c in cells per second. k = (c·dt)² is clamped to the stencil's
    /// stability limit (`WaveCoefficients.stabilityLimit`), about 104 cells/s at 120 Hz.
    public var waveSpeed: Float
    /// Energy loss rate γ in 1/s: velocity is multiplied by exp(−γ·dt) each step, so energy
    /// falls as exp(−γ·t) and amplitude as exp(−γ·t/2).
    public var damping: Float
    /// Velocity smoothing ν: each cell's velocity is blended with its 4 neighbours' mean by
    /// β = min(ν·dt·12, 0.5).
    public var viscosity: Float
    /// σ, the weight of (diagonal Laplacian − cardinal Laplacian): slows short waves (chop).
    public var dispersion: Float
    /// The share of a wave's amplitude the edges send back: 1 reflects fully, lower values
    /// absorb in a band of `edgeWidth` (the band itself reflects 0.2–0.35 of a pulse a few cells
    /// wide, so values below about 0.3 absorb no better).
    public var edgeReflection: Float
    /// The absorbing band's width as a fraction of the grid's smaller side.
    public var edgeWidth: Float
    /// The brush's radius R as a fraction of the grid's smaller side (see `WaveBrushShape`).
    public var brushRadius: Float
    /// Multiplies every disturbance's strength.
    public var impulse: Float
    /// Screen pixels per cell: the app sizes the grid as framebuffer / pixelSize.
    public var pixelSize: Float
    /// Colours, 0–1: troughs, crests, and the Fresnel reflection.
    public var deep: SIMD3<Float>
    public var shallow: SIMD3<Float>
    public var sky: SIMD3<Float>

    public init(waveSpeed: Float = 100, damping: Float = 0.8, viscosity: Float = 0.5, dispersion: Float = 0.3,
                edgeReflection: Float = 0.3, edgeWidth: Float = 0.1, brushRadius: Float = 0.02, impulse: Float = 1,
                pixelSize: Float = 3,
                deep: SIMD3<Float> = SIMD3(0.02, 0.09, 0.20),
                shallow: SIMD3<Float> = SIMD3(0.05, 0.50, 0.55),
                sky: SIMD3<Float> = SIMD3(0.68, 0.80, 0.88)) {
        self.waveSpeed = waveSpeed
        self.damping = damping
        self.viscosity = viscosity
        self.dispersion = dispersion
        self.edgeReflection = edgeReflection
        self.edgeWidth = edgeWidth
        self.brushRadius = brushRadius
        self.impulse = impulse
        self.pixelSize = pixelSize
        self.deep = deep
        self.shallow = shallow
        self.sky = sky
    }

    public static let defaults = WaveParameters()

    /// The sliders for the overlay: label, key path, range, printf format. Every Float field
    /// except the colours, each with the range `clamped()` enforces.
    public static let sliders: [ParameterSlider<WaveParameters>] = [
        ("Wave speed (cells/s)", \.waveSpeed, 5...120, "%.0f"),
        ("Damping (1/s)", \.damping, 0...5, "%.2f"),
        ("Viscosity", \.viscosity, 0...5, "%.2f"),
        ("Dispersion", \.dispersion, 0...0.5, "%.2f"),
        ("Edge reflection", \.edgeReflection, 0...1, "%.2f"),
        ("Edge width", \.edgeWidth, 0.01...0.3, "%.2f"),
        ("Brush radius", \.brushRadius, 0.005...0.1, "%.3f"),
        ("Impulse", \.impulse, 0...3, "%.2f"),
        ("Pixel size", \.pixelSize, pixelSizeRange, "%.0f"),
    ]

    /// Screen pixels per cell, from the seed's chunky default of 3 to the screen's own pixels.
    public static let pixelSizeRange: ClosedRange<Float> = 1...8

    /// Every value in its range; a non-finite value becomes its default. Colour channels go
    /// into 0–1.
    public func clamped() -> WaveParameters {
        var result = ParameterClamp.sliders(Self.sliders, of: self, defaults: .defaults)
        for colour in [\WaveParameters.deep, \.shallow, \.sky] {
            result[keyPath: colour] = ParameterClamp.colour(self[keyPath: colour], fallback: Self.defaults[keyPath: colour])
        }
        return result
    }
}

/// One tap or drag sample: where (0–1 across the grid, y down from the top) and how hard.
public struct WaveDisturbance: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var strength: Float

    public init(x: Float, y: Float, strength: Float) {
        (self.x, self.y, self.strength) = (x, y, strength)
    }
}
