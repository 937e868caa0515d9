@preconcurrency import CEpoxy
import GLSupport

/// Draws the pool as additive point sprites over a black backdrop.
public final class TitaniumRenderer {
    private let program: ShaderProgram
    private let spriteBlock = UniformBlock<TitaniumSpriteBlock>()
    private let vertexless = VertexlessArray()

    public init(shaders: ShaderSource) throws {
        program = try ShaderProgram(vertex: "particle.vert", fragment: "particle.frag", source: shaders)
    }

    /// Clears `framebuffer` (0: the window) of `width` × `height` px to black and draws the pool.
    /// Leaves blending off and that framebuffer bound.
    public func draw(field: TitaniumField, layout: SquareLayout, parameters: TitaniumParameters, framebuffer: GLuint, width: Int, height: Int) {
        let p = parameters.clamped()
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glClearColor(0, 0, 0, 1)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard field.count > 0 else { return }
        spriteBlock.bind(TitaniumSpriteBlock(viewportSize: SIMD2(Float(width), Float(height)), centre: layout.centre,
                                             pixelsPerPoint: layout.pixelsPerPoint, spriteSide: TitaniumReference.spriteSide, fadeSpeed: p.fadeSpeed))
        field.buffer.bind(to: TitaniumField.particlesBinding)
        vertexless.bind()
        program.drawAdditivePoints(count: field.count)
        epoxy_glBindVertexArray(0)
    }
}
