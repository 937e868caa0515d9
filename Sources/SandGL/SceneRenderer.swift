import CEpoxy
import GLSupport
import SandSim

/// What one hourglass looks like this frame.
public struct SceneFrame {
    public var profile: HourglassProfile
    public var angle: Float
    public var grains: GrainSource

    public init(profile: HourglassProfile, angle: Float, grains: GrainSource) {
        self.profile = profile
        self.angle = angle
        self.grains = grains
    }
}

/// A viewport in framebuffer pixels, origin at the bottom left as GL counts.
public struct Viewport: Sendable, Equatable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// Draws hourglasses: backdrop, caps, grains, then the glass (back faces, then front faces,
/// blended, no depth writes, so the grains show through it).
public final class SceneRenderer {
    private let framebuffer = SceneFramebuffer()
    private let grainRenderer: GrainRenderer
    private let surfaceProgram: ShaderProgram
    private let backgroundProgram: ShaderProgram
    private var emptyArray: GLuint = 0
    private var glass: SurfaceMeshBuffers?
    private var caps: SurfaceMeshBuffers?
    private var meshedRadius: Float = -1

    public init(shaders: ShaderSource) throws {
        grainRenderer = try GrainRenderer(shaders: shaders)
        surfaceProgram = try ShaderProgram(vertex: "surface.vert", fragment: "surface.frag", source: shaders)
        backgroundProgram = try ShaderProgram(vertex: "background.vert", fragment: "background.frag", source: shaders)
        LightRig.apply(to: surfaceProgram)
        backgroundProgram.set("topColor", SIMD3<Float>(0.20, 0.165, 0.13))
        backgroundProgram.set("bottomColor", SIMD3<Float>(0.09, 0.075, 0.06))
        epoxy_glGenVertexArrays(1, &emptyArray)
    }

    deinit {
        epoxy_glDeleteVertexArrays(1, &emptyArray)
    }

    /// Renders `scenes` side by side into the offscreen target of `width` × `height`, then
    /// resolves into framebuffer `target` (0 = the window), seen from `camera`.
    public func render(_ scenes: [(SceneFrame, Viewport)], width: Int, height: Int, into target: GLuint, camera: Camera = .original) {
        surfaceProgram.set("cameraPosition", camera.position)
        grainRenderer.setCameraPosition(camera.position)
        framebuffer.bind(width: width, height: height)
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        backgroundProgram.use()
        epoxy_glBindVertexArray(emptyArray)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        epoxy_glBindVertexArray(0)
        epoxy_glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        for (scene, viewport) in scenes {
            draw(scene, in: viewport, camera: camera)
        }
        framebuffer.resolve(into: target)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    private func draw(_ scene: SceneFrame, in viewport: Viewport, camera: Camera) {
        epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        let viewProjection = camera.viewProjection(aspect: Float(viewport.width) / Float(max(viewport.height, 1)))
        let model = Matrix4.rotationX(scene.angle)
        rebuildGlassIfNeeded(scene.profile)

        epoxy_glEnable(GLenum(GL_DEPTH_TEST))
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glEnable(GLenum(GL_CULL_FACE))
        epoxy_glCullFace(GLenum(GL_BACK))
        setMaterial(Materials.caps, model: model, viewProjection: viewProjection)
        caps?.draw()
        grainRenderer.draw(scene.grains, model: model, viewProjection: viewProjection)

        // Two-layer transparency: the far side of the glass first, then the near side.
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glDepthMask(GLboolean(GL_FALSE))
        setMaterial(Materials.glass, model: model, viewProjection: viewProjection)
        epoxy_glCullFace(GLenum(GL_FRONT))
        glass?.draw()
        epoxy_glCullFace(GLenum(GL_BACK))
        glass?.draw()
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
    }

    /// The neck follows the grain size, so the glass is rebuilt when the radius changes.
    private func rebuildGlassIfNeeded(_ profile: HourglassProfile) {
        guard profile.grainRadius != meshedRadius else { return }
        meshedRadius = profile.grainRadius
        glass = SurfaceMeshBuffers(profile.glassMesh())
        caps = SurfaceMeshBuffers(profile.capsMesh())
    }

    private func setMaterial(_ material: Materials.Surface, model: Matrix4, viewProjection: Matrix4) {
        surfaceProgram.set("model", model)
        surfaceProgram.set("viewProjection", viewProjection)
        surfaceProgram.set("diffuseColor", material.diffuse)
        surfaceProgram.set("diffuseAlpha", material.diffuseAlpha)
        surfaceProgram.set("specularColor", material.specular)
        surfaceProgram.set("specularAlpha", material.specularAlpha)
        surfaceProgram.set("shininess", material.shininess)
        surfaceProgram.set("specularStrength", material.specularStrength)
        surfaceProgram.set("edgeAlpha", material.edgeAlpha)
        surfaceProgram.use()
    }
}

/// The materials of the original: Blinn glass that is barely there, and the frame's caps.
enum Materials {
    struct Surface {
        var diffuse: SIMD3<Float>
        var diffuseAlpha: Float
        var specular: SIMD3<Float>
        var specularAlpha: Float
        var shininess: Float
        /// Highlights are lit as mirror reflections of the lights, brighter than diffuse light.
        var specularStrength: Float
        var edgeAlpha: Float
    }

    static let glass = Surface(diffuse: [0.42, 0.45, 0.50], diffuseAlpha: 0.10, specular: [1, 1, 1], specularAlpha: 0.15, shininess: 30, specularStrength: 14, edgeAlpha: 0.28)
    static let caps = Surface(diffuse: [0.36, 0.24, 0.14], diffuseAlpha: 1, specular: [0.5, 0.42, 0.32], specularAlpha: 0.4, shininess: 30, specularStrength: 2, edgeAlpha: 0)
}
