@preconcurrency import CEpoxy
import GLSupport

/// The glass's near side, drawn once per camera and placement over nothing (with the still
/// picture's depth, so the caps hide what they hide), laid over the still picture then, and
/// over each grain as it is drawn (glass_over.glsl reads it through `textureUnit`). Every grain
/// lies behind the near side and the blend is associative, so this is the picture the glass
/// drawn over the grains would give, at one texel fetch a grain's pixel (RENDERING.md).
final class GlassLayer {
    private let layer = SceneFramebuffer(samples: 1)
    private let program: ShaderProgram
    private let vertexless = VertexlessArray()
    /// The shaders' GLASS_LAYER_UNIT.
    static let textureUnit = 0

    init(shaders: ShaderSource) throws {
        program = try ShaderProgram(fullscreen: "glass_layer.frag", source: shaders)
    }

    /// Draws the near side with `drawNearSide` into `samples` (bound, its depth the still
    /// picture's) over cleared colour, and keeps it resolved in `rects`, the glasses' rectangles:
    /// nothing outside them is read.
    func capture(in samples: SceneFramebuffer, rects: [Viewport], _ drawNearSide: () -> Void) {
        samples.bind(width: samples.width, height: samples.height)
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        drawNearSide()
        for rect in rects { samples.resolve(into: layer, rect: rect) }
    }

    /// Lays the glass over `picture` (one sample, sized as the layer) in `rects`.
    func lay(over picture: SceneFramebuffer, rects: [Viewport]) {
        picture.bind(width: layer.width, height: layer.height)
        program.use()
        bindTexture()
        vertexless.bind()
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for rect in rects {
            epoxy_glViewport(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
            epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glBindVertexArray(0)
    }

    /// Binds the layer for the grains' shaders, at `textureUnit`.
    func bindTexture() {
        layer.bindColorTexture(unit: Self.textureUnit)
    }
}
