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
    private var emptyArray: GLuint = 0

    public init(shaders: ShaderSource) throws {
        controlProgram = try ShaderProgram(vertex: "../common/fullscreen.vert", fragment: "control.frag", source: shaders)
        rippleProgram = try ShaderProgram(vertex: "../common/fullscreen.vert", fragment: "ripple.frag", source: shaders)
        particleProgram = try ShaderProgram(vertex: "particle.vert", fragment: "particle.frag", source: shaders)
        epoxy_glGenVertexArrays(1, &emptyArray)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &emptyArray)
    }

    /// Draws into `framebuffer` (0: the window) of `width` × `height` px. Leaves blending off
    /// and that framebuffer bound.
    public func draw(cloud: ParticleCloud?, frame: SparkleFrame, layout: ControlLayout, parameters: SparkleParameters,
                     framebuffer: GLuint, width: Int, height: Int) {
        let p = parameters.clamped()
        let viewport = SIMD2(Float(width), Float(height))
        for program in [controlProgram, rippleProgram, particleProgram] {
            program.set("viewportSize", viewport)
            program.set("controlOrigin", layout.origin)
            program.set("controlSize", layout.size)
        }
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glBindVertexArray(emptyArray)

        // 1. The control, into its texture.
        controlTarget.bind(width: width, height: height)
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        controlProgram.set("strokeWidth", p.strokeWidth)
        controlProgram.set("borderWidth", p.borderWidth)
        controlProgram.set("haloRadius", p.haloRadius)
        controlProgram.set("press", frame.press)
        controlProgram.set("progress", frame.progress)
        controlProgram.set("glowAmplitude", p.glowAmplitude)
        controlProgram.set("paletteA", p.paletteA)
        controlProgram.set("paletteB", p.paletteB)
        controlProgram.set("paletteC", p.paletteC)
        controlProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)

        // 2. The ripple, sampling it, over the backdrop.
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        controlTarget.bindTexture(unit: Self.controlUnit)
        rippleProgram.set("rippleOn", frame.ripple != nil)
        rippleProgram.set("origin", frame.ripple?.origin ?? .zero)
        rippleProgram.set("time", frame.ripple?.time ?? 0)
        rippleProgram.set("amplitude", p.rippleAmplitude)
        rippleProgram.set("frequency", p.rippleFrequency)
        rippleProgram.set("decay", p.rippleDecay)
        rippleProgram.set("speed", p.rippleSpeed)
        rippleProgram.set("backdrop", p.backdrop)
        rippleProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)

        // 3. The cloud, added on top, only while it shows.
        if let cloud, frame.progress > 0 {
            particleProgram.set("progress", frame.progress)
            particleProgram.set("maxLifespan", p.maxLifespan)
            particleProgram.set("brightness", p.particleBrightness)
            cloud.buffer.bind(to: ParticleCloud.particlesBinding)
            particleProgram.drawAdditivePoints(count: cloud.count)
        }
        epoxy_glBindVertexArray(0)
    }
}
