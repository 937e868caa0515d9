@preconcurrency import CEpoxy
import GLSupport

/// What one frame of the control shows: the pointer state the shaders need.
public struct SparkleFrame: Equatable, Sendable {
    /// The glow's centre, window px (y down).
    public var press: SIMD2<Float>
    public var progress: Float
    /// The ripple's origin (window px) and its time, or nil when none runs.
    public var ripple: (origin: SIMD2<Float>, time: Float)?

    public init(press: SIMD2<Float>, progress: Float, ripple: (origin: SIMD2<Float>, time: Float)?) {
        (self.press, self.progress, self.ripple) = (press, progress, ripple)
    }

    public static func == (a: SparkleFrame, b: SparkleFrame) -> Bool {
        a.press == b.press && a.progress == b.progress && a.ripple?.origin == b.ripple?.origin && a.ripple?.time == b.ripple?.time
    }
}

/// Draws the control in three passes: the capsule with its glowing border into a texture, the
/// ripple pass that samples it into the bound framebuffer over the backdrop, then the particle
/// cloud as point sprites, added and clipped to the capsule.
public final class SparkleRenderer {
    /// The texture unit ripple.frag samples the control from.
    static let controlUnit = 0
    private let controlProgram: ShaderProgram
    private let rippleProgram: ShaderProgram
    private let particleProgram: ShaderProgram
    public let controlTarget = ColourTarget()
    private let frameBlock = UniformBlock<ControlFrameBlock>()
    private let controlBlock = UniformBlock<ControlBlock>()
    private let rippleBlock = UniformBlock<RippleBlock>()
    private let spriteBlock = UniformBlock<SparkleSpriteBlock>()
    private let vertexless = VertexlessArray()

    public init(shaders: ShaderSource) throws {
        controlProgram = try ShaderProgram(fullscreen: "control.frag", source: shaders)
        rippleProgram = try ShaderProgram(fullscreen: "ripple.frag", source: shaders)
        particleProgram = try ShaderProgram(vertex: "particle.vert", fragment: "particle.frag", source: shaders)
    }

    /// Draws into `framebuffer` (0: the window) of `width` × `height` px. Leaves blending off
    /// and that framebuffer bound.
    public func draw(cloud: ParticleCloud?, frame: SparkleFrame, layout: ControlLayout, parameters: SparkleParameters,
                     framebuffer: GLuint, width: Int, height: Int) {
        let p = parameters.clamped()
        frameBlock.bind(ControlFrameBlock(viewportSize: SIMD2(Float(width), Float(height)), layout: layout))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        vertexless.bind()

        // 1. The control, into its texture.
        controlTarget.bind(width: width, height: height)
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        controlBlock.bind(ControlBlock(p, frame: frame))
        controlProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)

        // 2. The ripple, sampling it, over the backdrop.
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        controlTarget.bindTexture(unit: Self.controlUnit)
        rippleBlock.bind(RippleBlock(p, frame: frame))
        rippleProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)

        // 3. The cloud, added on top, only while it shows.
        if let cloud, frame.progress > 0 {
            spriteBlock.bind(SparkleSpriteBlock(p, frame: frame))
            cloud.buffer.bind(to: ParticleCloud.particlesBinding)
            particleProgram.drawAdditivePoints(count: cloud.count)
        }
        epoxy_glBindVertexArray(0)
    }
}
