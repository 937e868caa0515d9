@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// The studio behind the hourglasses: the backdrop over the whole window (backdrop.glsl), and
/// under each hourglass the desk it stands on, with its contact shadow, fading into the
/// backdrop. Both are drawn first, without depth: the hourglass always stands above the desk.
final class Backdrop {
    /// Top and bottom in sRGB, and how much darker the corners are, per squared distance from
    /// the centre (in heights).
    static let colours = BackdropBlock(top: [0.27, 0.24, 0.21], bottom: [0.15, 0.13, 0.115], vignette: 0.55)

    private let backdropProgram: ShaderProgram
    private let deskProgram: ShaderProgram
    private let vertexless = VertexlessArray()
    private let coloursBlock = UniformBlock<BackdropBlock>()
    /// The backdrop's view: only the window's size.
    private let view = UniformBlock<HourglassViewBlock>()
    /// Each glass's desk, a buffer a glass (as SceneRenderer's views).
    private var desks: [UniformBlock<DeskBlock>] = []

    init(shaders: ShaderSource) throws {
        backdropProgram = try ShaderProgram(vertex: "backdrop.vert", fragment: "backdrop.frag", source: shaders)
        deskProgram = try ShaderProgram(vertex: "desk.vert", fragment: "desk.frag", source: shaders)
    }

    /// The backdrop over the whole window, `width` × `height` pixels (its viewport bound).
    func drawBackdrop(width: Int, height: Int) {
        view.bind(HourglassViewBlock(width: width, height: height))
        coloursBlock.bind(Self.colours)
        draw(backdropProgram, vertices: 3, mode: GL_TRIANGLES)
    }

    /// The desk under the glass in `slot` at `placement`, in the bound viewport, its view bound.
    func drawDesk(viewProjection: Matrix4, placement: HourglassPlacement, profile: HourglassProfile, slot: Int) {
        while desks.count <= slot { desks.append(UniformBlock()) }
        desks[slot].bind(DeskBlock(viewProjection: viewProjection, capRadius: profile.capRadius, clearance: placement.clearance))
        coloursBlock.bind(Self.colours)
        draw(deskProgram, vertices: 4, mode: GL_TRIANGLE_STRIP)
    }

    private func draw(_ program: ShaderProgram, vertices: Int, mode: Int32) {
        program.use()
        vertexless.bind()
        epoxy_glDrawArrays(GLenum(mode), 0, GLsizei(vertices))
        epoxy_glBindVertexArray(0)
    }
}
