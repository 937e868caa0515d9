@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Draws hourglasses on a desk: the backdrop, then for each hourglass the desk with its contact
/// shadow, the caps and the glass's far side (blended, no depth writes), the grains, then the
/// glass's near side over them. What stands still is drawn only when the camera, the window or
/// a glass's placement changes, with 4× MSAA: the backdrop, desk, caps and far side (every
/// grain lies in front of it), and the near side alone as a `GlassLayer`, laid over them: the
/// still picture. A frame then puts back the still picture in the rectangle each glass covers
/// on the screen and draws the grains there at one sample a pixel (an impostor's edge is its
/// own), each laying the glass over itself (docs/RENDERING.md, "Only what changes").
public final class SceneRenderer {
    /// The still parts and the glass's near side, with 4× MSAA, when they change.
    private let samples = SceneFramebuffer()
    /// The still picture, resolved, with its depth.
    private let still = SceneFramebuffer(samples: 1)
    private let glassLayer: GlassLayer
    private var stillPicture: StillPicture?
    /// What the last frame's still parts were drawn for, kept or not.
    private var lastWanted: StillPicture?
    /// The last frame: outside the glasses' rectangles it is the still picture.
    private let picture = SceneFramebuffer(samples: 1)
    private let grainRenderer: GrainRenderer
    private let capsProgram: ShaderProgram
    private let glassProgram: ShaderProgram
    private let caps = UniformBlock<CapsBlock>(), glass = UniformBlock<GlassBlock>()
    /// Each glass's view, a buffer a glass: all are written before a frame draws, so none is
    /// written while a draw that reads it waits (llvmpipe would finish the frame's drawing first).
    private var viewBlocks: [UniformBlock<HourglassViewBlock>] = []
    private let backdrop: Backdrop
    /// The glass and caps of each neck on screen: hourglasses side by side may differ in neck
    /// (a long timer narrows the CPU engine's and the compute engines' necks differently).
    private var glassMeshes: [Float: (glass: SurfaceMeshBuffers, caps: SurfaceMeshBuffers)] = [:]
    /// Whether the backdrop and the desk are drawn; without them the hourglass stands on
    /// transparent black, its colours multiplied by their alpha (the app's icon).
    public var drawsSetting = true

    public init(shaders: ShaderSource) throws {
        grainRenderer = try GrainRenderer(shaders: shaders)
        capsProgram = try ShaderProgram(vertex: "surface.vert", fragment: "caps.frag", source: shaders)
        glassProgram = try ShaderProgram(vertex: "surface.vert", fragment: "glass.frag", source: shaders)
        backdrop = try Backdrop(shaders: shaders)
        glassLayer = try GlassLayer(shaders: shaders)
    }

    /// Renders `scenes` side by side into framebuffer `target` (0 = the window) of `width` ×
    /// `height`, seen from `camera`; the depth too with `resolvingDepth` (into an
    /// `OffscreenTarget` made `withDepth`). `stages`: where the time went (still, grains, glass).
    public func render(_ scenes: [(DrawnHourglass, Viewport)], width: Int, height: Int, into target: GLuint, camera: Camera = .original,
                       resolvingDepth: Bool = false, stages: FrameStages? = nil) {
        let stages = stages ?? FrameStages(waitsForGL: false)
        grainRenderer.setCameraPosition(camera.position)
        let views = scenes.enumerated().map { View(scene: $1.0, viewport: $1.1, camera: camera, slot: $0, width: width, height: height) }
        while viewBlocks.count < views.count { viewBlocks.append(UniformBlock()) }
        views.forEach(use)
        meshGlasses(views.map(\.scene.profile))
        let wanted = StillPicture(width: width, height: height, views: views, setting: drawsSetting)
        // A viewport may reach past the picture (the layout keeps a glass's size beside panels).
        let bounds = Viewport(x: 0, y: 0, width: width, height: height)
        let viewRects = views.map { $0.glassRect?.clipped(to: bounds) }, rects = viewRects.compactMap { $0 }
        stages.time(.still) {
            if wanted == stillPicture {
                rects.forEach { still.copy(into: picture, rect: $0) }
            } else if wanted != lastWanted {
                // Changing frame after frame (a turn, an orbit): drawn straight into this frame,
                // kept only once it holds still; where only the glasses moved, only where they
                // and their shadows were and are (a turn's frames drew the whole window, 41 ms of
                // 59 on llvmpipe).
                let changed = lastWanted.flatMap { wanted.changedArea(since: $0) }
                drawStill(views, width: width, height: height, rects: rects, into: picture, within: changed)
                stillPicture = nil
            } else {
                drawStill(views, width: width, height: height, rects: rects, into: still)
                stillPicture = wanted
                still.copy(into: picture)
            }
            lastWanted = wanted
        }
        picture.bind(width: width, height: height)
        stages.time(.grains) {
            // Only inside each glass's rectangle, where the still picture was put back: a grain
            // drawn outside would stay there.
            glassLayer.bindTexture()
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            for (view, rect) in zip(views, viewRects) {
                guard let rect else { continue }
                epoxy_glScissor(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height))
                drawGrains(view)
            }
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        }
        stages.time(.glass) { picture.resolve(into: target, depth: resolvingDepth) }
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// One hourglass as this frame sees it.
    private struct View: Equatable {
        let scene: DrawnHourglass
        let viewport: Viewport
        let viewProjection: Matrix4
        let placement: HourglassPlacement
        /// Its place among the frame's glasses: its view's buffer.
        let slot: Int
        let block: HourglassViewBlock

        init(scene: DrawnHourglass, viewport: Viewport, camera: Camera, slot: Int, width: Int, height: Int) {
            self.scene = scene
            self.viewport = viewport
            viewProjection = camera.viewProjection(aspect: Float(viewport.width) / Float(max(viewport.height, 1)))
            placement = HourglassPlacement(angle: scene.angle, capRadius: scene.profile.capRadius)
            self.slot = slot
            block = HourglassViewBlock(model: placement.model, viewProjection: viewProjection, cameraPosition: camera.position, width: width, height: height)
        }

        /// The same still picture: the grains may differ.
        static func == (a: View, b: View) -> Bool {
            a.viewport == b.viewport && a.viewProjection == b.viewProjection && a.placement == b.placement
                && a.scene.profile.capRadius == b.scene.profile.capRadius && a.scene.profile.innerNeckRadius == b.scene.profile.innerNeckRadius
        }

        /// The pixels the glass and its grains can cover: its bounding box's corners on the
        /// screen, a pixel or two wider for the edges' anti-aliasing; the whole viewport where
        /// the box reaches behind the eye; nil where it is off the viewport.
        var glassRect: Viewport? {
            let outer = scene.profile.outer
            let radius = outer.map(\.radius).max() ?? 0
            return Self.screenRect(of: Self.box(radius: radius, heights: [outer.first?.y ?? 0, outer.last?.y ?? 0]),
                                   through: viewProjection * placement.model, in: viewport)
        }

        /// The pixels the whole hourglass can cover, its caps too (wider and taller than the
        /// glass), as `glassRect` finds them.
        var bodyRect: Viewport? {
            let radius = max(scene.profile.outer.map(\.radius).max() ?? 0, scene.profile.capRadius)
            return Self.screenRect(of: Self.box(radius: radius, heights: [Desk.height, -Desk.height]), through: viewProjection * placement.model, in: viewport)
        }

        /// The corners of an upright box round the glass's axis, `radius` out, at `heights`.
        private static func box(radius: Float, heights: [Float]) -> [SIMD3<Float>] {
            [-radius, radius].flatMap { x in heights.flatMap { y in [-radius, radius].map { SIMD3(x, y, $0) } } }
        }

        /// The pixels of the desk the glass's contact shadow can darken (desk.frag: none beyond
        /// the cap's radius and its penumbra), drawn as `drawStillParts` draws the desk, in the
        /// window's height in the glass's column; nil without a desk in view.
        func shadowRect(height: Int) -> Viewport? {
            let reach = scene.profile.capRadius * (1 + Desk.shadowPenumbra)
            let column = Viewport(x: viewport.x, y: 0, width: viewport.width, height: height)
            return Self.screenRect(of: Self.box(radius: reach, heights: [Desk.height]), through: deskViewProjection(height: height), in: column)
        }

        /// The desk's view: the glass's, stretched to the window's height in its column.
        func deskViewProjection(height: Int) -> Matrix4 {
            let scale = Float(viewport.height) / Float(height)
            let shift = (2 * Float(viewport.y) + Float(viewport.height)) / Float(height) - 1
            return Matrix4.translation([0, shift, 0]) * Matrix4.scale([1, scale, 1]) * viewProjection
        }

        /// `corners` on the screen through `toClip` into `viewport`, a pixel or two wider for
        /// the edges' anti-aliasing; the whole viewport where one lies behind the eye.
        private static func screenRect(of corners: [SIMD3<Float>], through toClip: Matrix4, in viewport: Viewport) -> Viewport? {
            var low = SIMD2<Float>(repeating: .infinity), high = -low
            for corner in corners {
                let clip = toClip.transformHomogeneous(corner)
                guard clip.w > 0 else { return viewport }
                let ndc = SIMD2(clip.x, clip.y) / clip.w
                low = pointwiseMin(low, ndc)
                high = pointwiseMax(high, ndc)
            }
            let size = SIMD2(Float(viewport.width), Float(viewport.height)), origin = SIMD2(Float(viewport.x), Float(viewport.y))
            let lowPixel = origin + (low + 1) / 2 * size - 2, highPixel = origin + (high + 1) / 2 * size + 2
            return Viewport(x: Int(lowPixel.x.rounded(.down)), y: Int(lowPixel.y.rounded(.down)),
                            width: Int((highPixel.x - lowPixel.x).rounded(.up)) + 1, height: Int((highPixel.y - lowPixel.y).rounded(.up)) + 1)
                .clipped(to: viewport)
        }
    }

    /// What the still part of the picture depends on.
    private struct StillPicture: Equatable {
        let width: Int, height: Int
        let views: [View]
        let setting: Bool

        /// Where this picture can differ from `earlier`'s, where only the glasses' placements
        /// changed (the window, the layout and the camera did not): the rectangle round every
        /// hourglass and its shadow on the desk, then and now. Nil where more changed.
        func changedArea(since earlier: StillPicture) -> Viewport? {
            guard width == earlier.width, height == earlier.height, setting == earlier.setting, views.count == earlier.views.count,
                  zip(views, earlier.views).allSatisfy({ $0.viewport == $1.viewport && $0.viewProjection == $1.viewProjection }) else { return nil }
            let bounds = Viewport(x: 0, y: 0, width: width, height: height)
            let areas = (views + earlier.views).flatMap { [$0.bodyRect, $0.shadowRect(height: height)] }.compactMap { $0?.clipped(to: bounds) }
            return areas.dropFirst().reduce(areas.first) { $0?.union($1) }
        }
    }

    /// The still picture and the glass layer, drawn with 4× MSAA and resolved into `target`;
    /// the layer only in the glasses' `rects`; everything only `within` that rectangle, where
    /// the rest of `target` holds the same picture already.
    private func drawStill(_ views: [View], width: Int, height: Int, rects: [Viewport], into target: SceneFramebuffer, within area: Viewport? = nil) {
        samples.bind(width: width, height: height)
        if let area {
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(GLint(area.x), GLint(area.y), GLsizei(area.width), GLsizei(area.height))
        }
        drawStillParts(views, width: width, height: height)
        samples.resolve(into: target, rect: area, depth: true)
        glassLayer.capture(in: samples, rects: rects) { views.forEach { drawGlass($0, side: .near) } }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        glassLayer.lay(over: target, rects: rects)
    }

    /// The backdrop, then each hourglass's desk, caps and glass's far side, into a cleared depth
    /// (without the setting: a transparent picture, then the caps and the far side).
    private func drawStillParts(_ views: [View], width: Int, height: Int) {
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        if drawsSetting {
            backdrop.drawBackdrop(width: width, height: height)
        } else {
            epoxy_glClearColor(0, 0, 0, 0)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        epoxy_glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        for view in views {
            let viewport = view.viewport
            use(view)
            if drawsSetting {
                // The desk runs the window's height in the hourglass's column (where panels
                // shrink the viewport, it does not stop at the viewport's edge): the same
                // picture, taller.
                epoxy_glViewport(GLint(viewport.x), 0, GLsizei(viewport.width), GLsizei(height))
                backdrop.drawDesk(viewProjection: view.deskViewProjection(height: height), placement: view.placement, profile: view.scene.profile, slot: view.slot)
            }
            epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
            epoxy_glEnable(GLenum(GL_DEPTH_TEST))
            epoxy_glEnable(GLenum(GL_CULL_FACE))
            epoxy_glCullFace(GLenum(GL_BACK))
            caps.bind(Materials.caps)
            capsProgram.use()
            glassMeshes[view.scene.profile.innerNeckRadius]?.caps.draw()
            epoxy_glDisable(GLenum(GL_CULL_FACE))
            epoxy_glDisable(GLenum(GL_DEPTH_TEST))
            drawGlass(view, side: .far)
        }
    }

    private func drawGrains(_ view: View) {
        let viewport = view.viewport
        epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        epoxy_glEnable(GLenum(GL_DEPTH_TEST))
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glEnable(GLenum(GL_CULL_FACE))
        epoxy_glCullFace(GLenum(GL_BACK))
        use(view)
        grainRenderer.draw(view.scene.grains, profile: view.scene.profile, placement: view.placement)
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
    }

    /// Which layer of the glass: two-layer transparency, the far side first.
    private enum GlassSide {
        case far, near
    }

    private func drawGlass(_ view: View, side: GlassSide) {
        let viewport = view.viewport
        epoxy_glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        epoxy_glEnable(GLenum(GL_DEPTH_TEST))
        epoxy_glEnable(GLenum(GL_CULL_FACE))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glDepthMask(GLboolean(GL_FALSE))
        use(view)
        glass.bind(Materials.glass)
        glassProgram.use()
        epoxy_glCullFace(GLenum(side == .far ? GL_FRONT : GL_BACK))
        glassMeshes[view.scene.profile.innerNeckRadius]?.glass.draw()
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
    }

    /// Binds `view`'s block for the draws that follow (uploaded where it changed).
    private func use(_ view: View) {
        viewBlocks[view.slot].bind(view.block)
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
