import GLSupport

// The Swift mirrors of the waves' uniform blocks (UniformBlockMirror), one a program, each
// uploaded whole before its draw or dispatch; WaveShaders gives the shaders their bindings.

/// backdrop.frag's colours.
struct WaveBackdropBlock: UniformBlockMirror {
    static let binding = 0
    var topColour: PaddedFloat3
    var bottomColour: PaddedFloat3

    init(top: SIMD3<Float>, bottom: SIMD3<Float>) {
        (topColour, bottomColour) = (PaddedFloat3(top), PaddedFloat3(bottom))
    }
}

/// water.frag's colours and the cell grid's size against the viewport's.
struct WaterBlock: UniformBlockMirror {
    static let binding = 1
    var deepColour: PaddedFloat3
    var shallowColour: PaddedFloat3
    var skyColour: PaddedFloat3
    var cellsPerPixel: SIMD2<Float>
    private var padding = SIMD2<Float>.zero

    init(deep: SIMD3<Float>, shallow: SIMD3<Float>, sky: SIMD3<Float>, cellsPerPixel: SIMD2<Float>) {
        (deepColour, shallowColour, skyColour) = (PaddedFloat3(deep), PaddedFloat3(shallow), PaddedFloat3(sky))
        self.cellsPerPixel = cellsPerPixel
    }
}

/// wave_disturb.comp's impulses (`WaveField.disturbancesPerDispatch` at most) and brush.
struct WaveDisturbBlock: UniformBlockMirror {
    static let binding = 2
    typealias Disturbances = InlineArray<32, SIMD4<Float>>
    /// x, y in cells (y down), strength × impulse, unused.
    var disturbances = Disturbances(repeating: .zero)
    var disturbanceCount: Int32 = 0
    var radiusCells: Float = 0
    var velocityShare: Float = WaveImpulse.velocityShare
    var surroundShare: Float = WaveBrushShape.surroundShare
}

/// wave_step.comp's coefficients (WaveCoefficients).
struct WaveStepBlock: UniformBlockMirror {
    static let binding = 3
    var k: Float
    var dispersion: Float
    var viscosityBlend: Float
    var decay: Float
    var edgeLogDecay: Float
    var edgeWidthCells: Float
    private var padding = SIMD2<Float>.zero

    init(_ c: WaveCoefficients) {
        (k, dispersion, viscosityBlend, decay, edgeLogDecay, edgeWidthCells) = (c.k, c.dispersion, c.viscosityBlend, c.decay, c.edgeLogDecay, c.edgeWidthCells)
    }
}
