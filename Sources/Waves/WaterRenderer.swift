@preconcurrency import CEpoxy
import GLSupport

/// Draws a `WaveField`: a backdrop gradient, then the water over it with premultiplied alpha
/// (transparent where calm), each as a full-screen triangle pair.
public final class WaterRenderer {
    /// The texture unit water.frag samples the heights from.
    static let heightsUnit = 0
    private let backdropProgram: ShaderProgram
    private let waterProgram: ShaderProgram
    private let backdropBlock = UniformBlock<WaveBackdropBlock>()
    private let waterBlock = UniformBlock<WaterBlock>()
    private let vertexless = VertexlessArray()

    public init(shaders: ShaderSource) throws {
        backdropProgram = try ShaderProgram(fullscreen: "backdrop.frag", source: shaders)
        waterProgram = try ShaderProgram(fullscreen: "water.frag", source: shaders)
    }

    /// The backdrop's colours for `parameters`: a wash of the deep colour toward the sky at the
    /// top, darker at the bottom.
    public static func backdrop(for parameters: WaveParameters) -> (top: SIMD3<Float>, bottom: SIMD3<Float>) {
        let p = parameters.clamped()
        return (p.deep + (p.sky - p.deep) * 0.30, p.deep * 0.6)
    }

    /// Draws the backdrop, then the water over it with premultiplied alpha, into the bound
    /// framebuffer's viewport (which the caller sets). `viewportWidth` and `viewportHeight` size
    /// the cell grid's lines. Leaves blending and depth testing off.
    public func draw(_ field: WaveField, parameters: WaveParameters, viewportWidth: Int, viewportHeight: Int) {
        let p = parameters.clamped()
        let backdrop = Self.backdrop(for: p)
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        vertexless.bind()

        backdropBlock.bind(WaveBackdropBlock(top: backdrop.top, bottom: backdrop.bottom))
        backdropProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)

        waterBlock.bind(WaterBlock(deep: p.deep, shallow: p.shallow, sky: p.sky,
                                   cellsPerPixel: SIMD2(Float(field.width) / Float(max(viewportWidth, 1)), Float(field.height) / Float(max(viewportHeight, 1)))))
        field.currentTexture.bindTexture(unit: Self.heightsUnit)
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        waterProgram.use()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glBindVertexArray(0)
    }
}
