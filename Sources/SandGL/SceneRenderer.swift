@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Draws hourglasses on a desk: the backdrop, then for each hourglass the desk with its contact
/// shadow, the caps, the grains, then the glass (back faces, then front faces, blended, no
/// depth writes, so the grains show through it). What stands still is kept between frames.
public final class SceneRenderer {
    private let framebuffer = SceneFramebuffer()
    /// The still part of the last picture drawn at rest, and what it was drawn for.
    private let stillFrame = SceneFramebuffer()
    private var stillPicture: StillPicture?
    private let grainRenderer: GrainRenderer
    private let capsProgram: ShaderProgram
    private let glassProgram: ShaderProgram
    private let backdrop: Backdrop
    /// The glass and caps of each neck on screen: hourglasses side by side may differ in neck
    /// (a long timer narrows the CPU engine's and the compute engines' necks differently).
    private var glassMeshes: [Float: (glass: SurfaceMeshBuffers, caps: SurfaceMeshBuffers)] = [:]

    public init(shaders: ShaderSource) throws {
        grainRenderer = try GrainRenderer(shaders: shaders)
        capsProgram = try ShaderProgram(vertex: "surface.vert", fragment: "caps.frag", source: shaders)
        glassProgram = try ShaderProgram(vertex: "surface.vert", fragment: "glass.frag", source: shaders)
        backdrop = try Backdrop(shaders: shaders)
        LightRig.apply(to: capsProgram)
        LightRig.apply(to: glassProgram)
        let caps = Materials.caps, glass = Materials.glass
        capsProgram.set("diffuseColor", caps.diffuse)
        capsProgram.set("specularColor", caps.specular)
        capsProgram.set("specularAlpha", caps.specularAlpha)
        capsProgram.set("shininess", caps.shininess)
        capsProgram.set("specularStrength", caps.specularStrength)
        glassProgram.set("fresnelF0", glass.fresnelF0)
        glassProgram.set("wallAbsorbance", glass.wallAbsorbance)
        glassProgram.set("shininess", glass.shininess)
        glassProgram.set("highlightStrength", glass.highlightStrength)
    }

    /// Renders `scenes` side by side into the offscreen target of `width` × `height`, then
    /// resolves into framebuffer `target` (0 = the window), seen from `camera`; the depth too
    /// with `resolvingDepth` (into an `OffscreenTarget` made `withDepth`).
    public func render(_ scenes: [(DrawnHourglass, Viewport)], width: Int, height: Int, into target: GLuint, camera: Camera = .original,
                       resolvingDepth: Bool = false) {
        for program in [capsProgram, glassProgram] { program.set("cameraPosition", camera.position) }
        grainRenderer.setCameraPosition(camera.position)
        framebuffer.bind(width: width, height: height)
        let views = scenes.map { View(scene: $0.0, viewport: $0.1, camera: camera) }
        meshGlasses(views.map(\.scene.profile))
        // What stands still (backdrop, desk, caps, with their depth) is drawn once while every
        // hourglass rests and the picture keeps its size and camera, then copied each frame.
        let still = views.allSatisfy { $0.placement.angle == 0 } ? StillPicture(width: width, height: height, views: views) : nil
        if let still, still == stillPicture {
            stillFrame.copy(into: framebuffer)
        } else {
            drawStill(views, width: width, height: height)
            if still != nil { framebuffer.copy(into: stillFrame) }
            stillPicture = still
        }
        framebuffer.bind(width: width, height: height)
        views.forEach(drawMoving)
        framebuffer.resolve(into: target, depth: resolvingDepth)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// One hourglass as this frame sees it.
    private struct View: Equatable {
        let scene: DrawnHourglass
        let viewport: Viewport
        let viewProjection: Matrix4
        let placement: HourglassPlacement

        init(scene: DrawnHourglass, viewport: Viewport, camera: Camera) {
            self.scene = scene
            self.viewport = viewport
            viewProjection = camera.viewProjection(aspect: Float(viewport.width) / Float(max(viewport.height, 1)))
            placement = HourglassPlacement(angle: scene.angle, capRadius: scene.profile.capRadius)
        }

        /// The same still picture: the grains may differ.
        static func == (a: View, b: View) -> Bool {
            a.viewport == b.viewport && a.viewProjection == b.viewProjection && a.placement == b.placement
                && a.scene.profile.capRadius == b.scene.profile.capRadius
        }
    }

    /// What the still part of the picture depends on.
    private struct StillPicture: Equatable {
        let width: Int, height: Int
        let views: [View]
    }

    /// The backdrop, then each hourglass's desk and caps, into a cleared depth.
    private func drawStill(_ views: [View], width: Int, height: Int) {
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        backdrop.drawBackdrop(width: width, height: height)
        epoxy_glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        for view in views {
            let viewport = view.viewport
            // The desk runs the window's height in the hourglass's column (where panels shrink
            // the viewport, it does not stop at the viewport's edge): the same picture, taller.
            epoxy_glViewport(GLint(viewport.x), 0, GLsizei(viewport.width), GLsizei(height))
            let scale = Float(viewport.height) / Float(height)
            let shift = (2 * Float(viewport.y) + Float(viewport.height)) / Float(height) - 1
            backdrop.drawDesk(viewProjection: Matrix4.translation([0, shift, 0]) * Matrix4.scale([1, scale, 1]) * view.viewProjection,
                              placement: view.placement, profile: view.scene.profile)
            epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
            epoxy_glEnable(GLenum(GL_DEPTH_TEST))
            epoxy_glEnable(GLenum(GL_CULL_FACE))
            epoxy_glCullFace(GLenum(GL_BACK))
            capsProgram.set("model", view.placement.model)
            capsProgram.set("viewProjection", view.viewProjection)
            capsProgram.use()
            glassMeshes[view.scene.profile.innerNeckRadius]?.caps.draw()
            epoxy_glDisable(GLenum(GL_CULL_FACE))
            epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        }
    }

    /// The grains, then the glass over them.
    private func drawMoving(_ view: View) {
        let (viewport, viewProjection, placement) = (view.viewport, view.viewProjection, view.placement)
        epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        epoxy_glEnable(GLenum(GL_DEPTH_TEST))
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glEnable(GLenum(GL_CULL_FACE))
        epoxy_glCullFace(GLenum(GL_BACK))
        grainRenderer.draw(view.scene.grains, profile: view.scene.profile, placement: placement, viewProjection: viewProjection)

        // Two-layer transparency: the far side of the glass first, then the near side.
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glDepthMask(GLboolean(GL_FALSE))
        glassProgram.set("model", placement.model)
        glassProgram.set("viewProjection", viewProjection)
        glassProgram.use()
        let glass = glassMeshes[view.scene.profile.innerNeckRadius]?.glass
        epoxy_glCullFace(GLenum(GL_FRONT))
        glass?.draw()
        epoxy_glCullFace(GLenum(GL_BACK))
        glass?.draw()
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
    }

    /// The glass as drawn: 32 segments round and every other point of the profile. On llvmpipe
    /// every small triangle costs (at 64 and every point, the glass's two layers took 70% longer,
    /// docs/RENDERING.md); at this framing its outline stays within half a pixel of a circle
    /// round and of the bulbs' curve down (the neck's turn is a little sharper), and its shading
    /// is smooth (normals are the surface's).
    static let glassSegments = 32, glassProfileStride = 2

    /// The neck follows the grain size and the timer (a long timer's is narrower): a glass is
    /// meshed for each neck on screen, kept while it stays there.
    private func meshGlasses(_ profiles: [HourglassProfile]) {
        let necks = Set(profiles.map(\.innerNeckRadius))
        glassMeshes = glassMeshes.filter { necks.contains($0.key) }
        for profile in profiles where glassMeshes[profile.innerNeckRadius] == nil {
            glassMeshes[profile.innerNeckRadius] = (SurfaceMeshBuffers(profile.glassMesh(segments: Self.glassSegments, profileStride: Self.glassProfileStride)),
                                                    SurfaceMeshBuffers(profile.capsMesh()))
        }
    }
}
