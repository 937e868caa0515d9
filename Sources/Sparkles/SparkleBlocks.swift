import GLSupport

// The Swift mirrors of the sparkles' uniform blocks (UniformBlockMirror), each uploaded whole
// before the draw or dispatch that reads it; SparkleShaders gives the shaders their bindings.

/// control_frame.glsl: the window and the control's frame, read by the control, ripple and
/// particle programs.
struct ControlFrameBlock: UniformBlockMirror {
    static let binding = 0
    var viewportSize: SIMD2<Float>
    var controlOrigin: SIMD2<Float>
    var controlSize: SIMD2<Float>
    private var padding = SIMD2<Float>.zero

    init(viewportSize: SIMD2<Float>, layout: ControlLayout) {
        (self.viewportSize, controlOrigin, controlSize) = (viewportSize, layout.origin, layout.size)
    }
}

/// control.frag's stroke, border, glow and palette.
struct ControlBlock: UniformBlockMirror {
    static let binding = 1
    var strokeWidth: Float
    var borderWidth: Float
    var haloRadius: Float
    private var padding: Float = 0
    /// Window px.
    var press: SIMD2<Float>
    var progress: Float
    var glowAmplitude: Float
    var paletteA: PaddedFloat3
    var paletteB: PaddedFloat3
    var paletteC: PaddedFloat3

    init(_ p: SparkleParameters, frame: SparkleFrame) {
        (strokeWidth, borderWidth, haloRadius, glowAmplitude) = (p.strokeWidth, p.borderWidth, p.haloRadius, p.glowAmplitude)
        (press, progress) = (frame.press, frame.progress)
        (paletteA, paletteB, paletteC) = (PaddedFloat3(p.paletteA), PaddedFloat3(p.paletteB), PaddedFloat3(p.paletteC))
    }
}

/// ripple.frag's ripple (`rippleOn` 0 while none runs) and backdrop.
struct RippleBlock: UniformBlockMirror {
    static let binding = 2
    /// Window px.
    var origin: SIMD2<Float>
    var time: Float
    var amplitude: Float
    var frequency: Float
    var decay: Float
    var speed: Float
    var rippleOn: UInt32
    var backdrop: PaddedFloat3

    init(_ p: SparkleParameters, frame: SparkleFrame) {
        (origin, time, rippleOn) = (frame.ripple?.origin ?? .zero, frame.ripple?.time ?? 0, frame.ripple == nil ? 0 : 1)
        (amplitude, frequency, decay, speed) = (p.rippleAmplitude, p.rippleFrequency, p.rippleDecay, p.rippleSpeed)
        backdrop = PaddedFloat3(p.backdrop)
    }
}

/// particle.vert's sprites.
struct SparkleSpriteBlock: UniformBlockMirror {
    static let binding = 3
    var progress: Float
    var maxLifespan: Float
    var brightness: Float
    private var padding: Float = 0

    init(_ p: SparkleParameters, frame: SparkleFrame) {
        (progress, maxLifespan, brightness) = (frame.progress, p.maxLifespan, p.particleBrightness)
    }
}

/// sparkle_tick.comp's rule.
struct SparkleTickBlock: UniformBlockMirror {
    static let binding = 4
    var count: UInt32
    private var padding: Float = 0
    /// The press, px in the control's frame.
    var centre: SIMD2<Float>
    /// The control's frame, px.
    var frameSize: SIMD2<Float>
    var rebirthDistance: Float
    var maxLifespan: Float
    var radiusMin: Float
    var radiusMax: Float
    var speed: Float
    var speedJitter: Float

    init(count: Int, centre: SIMD2<Float>, frameSize: SIMD2<Float>, _ p: SparkleParameters) {
        (self.count, self.centre, self.frameSize) = (UInt32(count), centre, frameSize)
        (rebirthDistance, maxLifespan, radiusMin, radiusMax) = (p.rebirthDistance, p.maxLifespan, p.radiusMin, p.radiusMax)
        (speed, speedJitter) = (p.particleSpeed, p.speedJitter)
    }
}
