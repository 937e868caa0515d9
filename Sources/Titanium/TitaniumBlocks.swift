import GLSupport

// The Swift mirrors of the titanium scene's uniform blocks (UniformBlockMirror), each uploaded
// whole before the dispatch or draw that reads it; TitaniumShaders gives the shaders their
// bindings and array sizes.

/// titanium_tick.comp's tick: the layers, their emitters, the fields and the forces.
struct TitaniumTickBlock: UniformBlockMirror {
    static let binding = 0
    typealias Emitters = InlineArray<77, SIMD4<Float>>
    typealias Fields = InlineArray<64, SIMD4<Float>>
    /// Centre xy (−1…1), half side, cumulative weight within the layer; each layer's in a run.
    var emitters = Emitters(repeating: .zero)
    /// Centre xy, radius, strength: the cursor and its ripples.
    var fields = Fields(repeating: .zero)
    /// Each layer's colour (w unused).
    var layerColours = InlineArray<3, SIMD4<Float>>(repeating: .zero)
    /// Slots [end of the layer before, layerEnds[l]) are layer l's (w unused).
    var layerEnds = SIMD4<UInt32>.zero
    var emitterStarts = SIMD4<Int32>.zero
    var emitterCounts = SIMD4<Int32>.zero
    var birthRates = PackedFloat3(.zero)
    var dt: Float = 0
    var layerAlphas = PackedFloat3(.zero)
    var time: Float = 0
    /// Direction × strength.
    var gravity = SIMD2<Float>.zero
    /// In points.
    var turbulenceCentre = SIMD2<Float>.zero
    var count: UInt32 = 0
    var theme: UInt32 = 0
    var fieldCount: Int32 = 0
    var gravityOn: UInt32 = 0
    var turbulenceOn: UInt32 = 0
    var square: Float = 0
    var scale: Float = 0
    var scaleRange: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var speed: Float = 0
    var speedRange: Float = 0
    var gravityVariation: Float = 0
    var turbulenceStrength: Float = 0
    var turbulenceRadius: Float = 0
    var smoothness: Float = 0
    var animationSpeed: Float = 0
    var burst: Float = 0
    private var padding = SIMD2<Float>.zero
}

/// particle.vert's sprites.
struct TitaniumSpriteBlock: UniformBlockMirror {
    static let binding = 1
    var viewportSize: SIMD2<Float>
    /// The square's centre, px, y down.
    var centre: SIMD2<Float>
    var pixelsPerPoint: Float
    var spriteSide: Float
    var fadeSpeed: Float
    private var padding: Float = 0

    init(viewportSize: SIMD2<Float>, centre: SIMD2<Float>, pixelsPerPoint: Float, spriteSide: Float, fadeSpeed: Float) {
        (self.viewportSize, self.centre, self.pixelsPerPoint, self.spriteSide, self.fadeSpeed) = (viewportSize, centre, pixelsPerPoint, spriteSide, fadeSpeed)
    }
}
