@preconcurrency import CEpoxy
import GLSupport

/// The wave simulation on the GPU: three R32F height textures (previous, current, next) that a
/// compute shader steps and that rotate after every step. Fields are row-major with row 0 at the
/// top of the screen. Needs a current GL 4.3 context for its whole life.
public final class WaveField {
    private let stepProgram: ShaderProgram
    private let disturbProgram: ShaderProgram
    private let stepBlock = UniformBlock<WaveStepBlock>()
    private let disturbBlock = UniformBlock<WaveDisturbBlock>()
    private var previous: Texture2D
    private var current: Texture2D
    private var next: Texture2D

    /// The compute shaders' work-group size (both are 16 × 16).
    static let groupSize = 16
    /// The image units the three fields are bound to, shared with the shaders as `#define`s.
    static let previousImage = 0, currentImage = 1, nextImage = 2
    /// Disturbances one dispatch takes (`MAX_DISTURBANCES` in wave_disturb.comp); more are
    /// applied in several dispatches.
    static let disturbancesPerDispatch = WaveDisturbBlock.Disturbances.count

    public var width: Int { current.width }
    public var height: Int { current.height }

    /// `shaders`: the Shaders/waves folder, e.g. `ShaderSource.waves(in: ShaderSource.locate(probe: "waves/wave_step.comp"))`.
    /// Starts with a calm 1 × 1 grid; call `resize` with the real size.
    public init(shaders: ShaderSource) throws {
        stepProgram = try ShaderProgram(compute: "wave_step.comp", source: shaders)
        disturbProgram = try ShaderProgram(compute: "wave_disturb.comp", source: shaders)
        (previous, current, next) = (Texture2D(width: 1, height: 1), Texture2D(width: 1, height: 1), Texture2D(width: 1, height: 1))
    }

    /// Makes the grid `width` × `height` cells (at least 1 × 1), calm: nothing is kept, since a
    /// resize changes what a cell means on screen. Same size is a no-op.
    public func resize(width: Int, height: Int) {
        let w = max(width, 1), h = max(height, 1)
        guard w != self.width || h != self.height else { return }
        (previous, current, next) = (Texture2D(width: w, height: h), Texture2D(width: w, height: h), Texture2D(width: w, height: h))
    }

    /// Every cell back at rest, at the same size.
    public func calm() {
        let w = width, h = height
        (previous, current, next) = (Texture2D(width: w, height: h), Texture2D(width: w, height: h), Texture2D(width: w, height: h))
    }

    /// Adds `disturbances` (see `WaveReference.disturb` for the formula) to the current and
    /// previous fields.
    public func disturb(_ disturbances: [WaveDisturbance], parameters: WaveParameters) {
        guard !disturbances.isEmpty else { return }
        let p = parameters.clamped()
        var block = WaveDisturbBlock()
        block.radiusCells = p.brushRadius * Float(min(width, height))
        previous.bindImage(unit: Self.previousImage, access: GL_READ_WRITE)
        current.bindImage(unit: Self.currentImage, access: GL_READ_WRITE)
        var start = 0
        while start < disturbances.count {
            let batch = disturbances[start..<min(start + Self.disturbancesPerDispatch, disturbances.count)]
            let cellsX = Float(width), cellsY = Float(height)
            for (slot, disturbance) in batch.enumerated() {
                block.disturbances[slot] = SIMD4(disturbance.x * cellsX, disturbance.y * cellsY, disturbance.strength * p.impulse, 0)
            }
            block.disturbanceCount = Int32(batch.count)
            disturbBlock.bind(block)
            dispatchOverGrid(disturbProgram)
            epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT))
            start += Self.disturbancesPerDispatch
        }
    }

    /// One fixed step of `WaveClock.stepSeconds`; then next becomes current and current previous.
    public func step(parameters: WaveParameters) {
        step(coefficients: WaveCoefficients(parameters: parameters, width: width, height: height))
    }

    public func step(coefficients c: WaveCoefficients) {
        stepBlock.bind(WaveStepBlock(c))
        previous.bindImage(unit: Self.previousImage, access: GL_READ_ONLY)
        current.bindImage(unit: Self.currentImage, access: GL_READ_ONLY)
        next.bindImage(unit: Self.nextImage, access: GL_WRITE_ONLY)
        dispatchOverGrid(stepProgram)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT))
        (previous, current, next) = (current, next, previous)
    }

    /// The current field, row-major, row 0 at the top (waits for the GPU).
    public func readHeights() -> [Float] {
        current.read()
    }

    /// The previous field, row-major (waits for the GPU): with `readHeights`, the velocity.
    public func readPreviousHeights() -> [Float] {
        previous.read()
    }

    /// Replaces both fields of the Verlet pair; each `width * height` long, row-major.
    public func upload(previous: [Float], current: [Float]) {
        self.previous.upload(previous)
        self.current.upload(current)
    }

    /// The current field's texture, for drawing.
    public var currentTexture: Texture2D { current }

    private func dispatchOverGrid(_ program: ShaderProgram) {
        program.use()
        let groupsX = (width + Self.groupSize - 1) / Self.groupSize
        let groupsY = (height + Self.groupSize - 1) / Self.groupSize
        epoxy_glDispatchCompute(GLuint(groupsX), GLuint(groupsY), 1)
    }
}
