import Foundation
import GLSupport
@testable import SandGL
import SandSim
import Testing

/// The scene renderer in a headless context, drawing into a small target whose colour and depth
/// the tests read back.
final class DrawingFixture {
    static let size = 240
    /// Straight on, near: a grain of radius 0.04 is about 14 pixels across.
    static let camera = Camera(yaw: 0, pitch: 0, distance: 1.3)
    let renderer: SceneRenderer
    let target: OffscreenTarget
    /// Declared last so it is released after the GL objects above.
    let context: HeadlessContext

    init() throws {
        let context = try HeadlessContext()
        renderer = try SceneRenderer(shaders: GLFixture.shaders)
        target = OffscreenTarget(width: Self.size, height: Self.size, withDepth: true)
        self.context = context
    }

    /// Colour (RGB, rows bottom-up) and depth of the hourglass with `grains` in `shape`.
    func draw(_ grains: [Grain], colors: [UInt32], shape: GrainShape, profile: HourglassProfile,
              viewport: Viewport = Viewport(x: 0, y: 0, width: size, height: size), angle: Float = 0,
              camera: Camera = camera) -> (color: [SIMD3<Double>], depth: [Float]) {
        let scene = DrawnHourglass(profile: profile, angle: angle, grains: .positions(grains, colors: colors, shape: shape))
        renderer.render([(scene, viewport)], width: Self.size, height: Self.size,
                        into: target.framebuffer, camera: camera, resolvingDepth: true)
        let bytes = target.readPixels()
        let color = (0..<Self.size * Self.size).map { SIMD3(Double(bytes[4 * $0]), Double(bytes[4 * $0 + 1]), Double(bytes[4 * $0 + 2])) }
        return (color, target.readDepth())
    }

    /// Distance from the eye along its axis of a depth-buffer value (the camera's near 0.1 and far 20).
    static func eyeDepth(_ depth: Float) -> Double {
        let (near, far) = (0.1, 20.0), ndc = 2 * Double(depth) - 1
        return 2 * far * near / ((far + near) - ndc * (far - near))
    }

    /// The eye's ray through the centre of pixel (column, row from the bottom).
    static func ray(column: Int, row: Int) -> SIMD3<Double> {
        let tangent = tan(Double(Camera.fieldOfView) * .pi / 360)
        let x = (Double(column) + 0.5) / Double(size) * 2 - 1, y = (Double(row) + 0.5) / Double(size) * 2 - 1
        let direction = SIMD3(x * tangent, y * tangent, -1)
        return direction / (direction * direction).sum().squareRoot()
    }
}

@Suite("Grain drawing (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "\(GLFixture.unavailableReason ?? "")"))
struct GrainDrawingTests {
    static let radius: Float = 0.04
    static let profile = HourglassProfile(grainRadius: radius)

    /// A loose cluster in the middle of the lower bulb, some grains in front of others.
    static let cluster: [Grain] = {
        var random = SeededRandom(seed: 27)
        return (0..<14).map { _ in
            Grain(position: [Float.random(in: -0.09...0.09, using: &random), Float.random(in: -0.36 ... -0.22, using: &random),
                             Float.random(in: -0.09...0.09, using: &random)], radius: radius)
        }
    }()

    static func double(_ v: SIMD3<Float>) -> SIMD3<Double> { SIMD3(Double(v.x), Double(v.y), Double(v.z)) }

    @Test("impostor and mesh grains cover the same pixels, and write the same depth there, seen through the glass")
    func impostorMatchesMesh() throws {
        let fixture = try DrawingFixture()
        let colors = [UInt32](repeating: GrainColors.pack(GrainColors.sand), count: Self.cluster.count)
        let empty = fixture.draw([], colors: [], shape: .impostor, profile: Self.profile)
        let impostor = fixture.draw(Self.cluster, colors: colors, shape: .impostor, profile: Self.profile)
        let mesh = fixture.draw(Self.cluster, colors: colors, shape: .mesh, profile: Self.profile)
        func covered(_ picture: [SIMD3<Double>]) -> Set<Int> {
            Set(picture.indices.filter { index in
                let difference = picture[index] - empty.color[index]
                return abs(difference.x) + abs(difference.y) + abs(difference.z) > 12
            })
        }
        let byImpostor = covered(impostor.color), byMesh = covered(mesh.color)
        let differing = byImpostor.symmetricDifference(byMesh).count, union = byImpostor.union(byMesh).count
        #expect(union > 1500, "the grains cover \(union) pixels")
        #expect(Double(differing) < 0.08 * Double(union), "\(differing) of \(union) pixels covered by one shape only")
        // Every pixel of the cluster is seen through the glass. Inside one grain's visible part
        // (at an edge the resolved depth is one sample's, which may be another grain's or the
        // backdrop's), the impostors' depth is the exact sphere's that the eye's ray meets
        // first; the icosphere lies inside the sphere (its faces up to 7% of the radius in, more
        // along a ray that grazes it), so its depth is as near or a little farther.
        let size = DrawingFixture.size
        let eye = Self.double(DrawingFixture.camera.position)
        func firstHit(_ pixel: Int) -> (grain: Int, depth: Double)? {
            let ray = DrawingFixture.ray(column: pixel % size, row: pixel / size)
            let hits = Self.cluster.indices.compactMap { index in Self.hit(Self.cluster[index], from: eye, along: ray).map { (index, $0 * -ray.z) } }
            return hits.min { $0.1 < $1.1 }
        }
        let both = byImpostor.intersection(byMesh)
        let inside = both.filter { pixel in
            guard let grain = firstHit(pixel)?.grain else { return false }
            return [pixel - 1, pixel + 1, pixel - size, pixel + size].allSatisfy { firstHit($0)?.grain == grain }
        }
        #expect(inside.count > 1000, "pixels inside one grain's visible part: \(inside.count)")
        let radius = Double(Self.radius)
        var impostorError = 0.0, meshGaps: [Double] = []
        for pixel in inside {
            guard let exact = firstHit(pixel)?.depth else { continue }
            impostorError = max(impostorError, abs(DrawingFixture.eyeDepth(impostor.depth[pixel]) - exact))
            meshGaps.append((DrawingFixture.eyeDepth(mesh.depth[pixel]) - exact) / radius)
        }
        meshGaps.sort()
        #expect(impostorError < 0.01 * radius, "impostor depth off the exact sphere by \(impostorError / radius) radii")
        #expect(meshGaps[meshGaps.count / 2] > 0 && meshGaps[meshGaps.count / 2] < 0.07, "the mesh's median depth gap: \(meshGaps[meshGaps.count / 2]) radii")
        #expect(meshGaps[meshGaps.count * 9 / 10] < 0.15, "nine in ten mesh pixels within 0.15 radii: \(meshGaps[meshGaps.count * 9 / 10])")
    }

    /// How far along `ray` (unit) from `eye` it meets `grain`, if it does.
    static func hit(_ grain: Grain, from eye: SIMD3<Double>, along ray: SIMD3<Double>) -> Double? {
        let fromCentre = eye - double(grain.position)
        let b = (fromCentre * ray).sum(), c = (fromCentre * fromCentre).sum() - Double(grain.radius * grain.radius)
        return b * b >= c ? -b - (b * b - c).squareRoot() : nil
    }

    @Test("a frame at rest drawn over the still picture kept from the last one matches one drawn whole")
    func stillPicture() throws {
        let fixture = try DrawingFixture()
        let colors = [UInt32](repeating: GrainColors.pack(GrainColors.sand), count: Self.cluster.count)
        let whole = fixture.draw(Self.cluster, colors: colors, shape: .impostor, profile: Self.profile)
        // A frame in between leaves its own picture in the target (its glass over no grains), so
        // a copy that did not happen would show.
        _ = fixture.draw([], colors: [], shape: .impostor, profile: Self.profile)
        let kept = fixture.draw(Self.cluster, colors: colors, shape: .impostor, profile: Self.profile)
        #expect(whole.color == kept.color && whole.depth == kept.depth)
    }

    /// A turn's frames draw the still parts only round the glass and its shadow, then and now.
    @Test("a turning frame, drawn only where the glass and its shadow were and are, matches one drawn whole", arguments: [Float(0.5), 1.2, 1.6])
    func turningFrame(angle: Float) throws {
        let colors = [UInt32](repeating: GrainColors.pack(GrainColors.sand), count: Self.cluster.count)
        func draw(_ fixture: DrawingFixture, at angle: Float) -> (color: [SIMD3<Double>], depth: [Float]) {
            fixture.draw(Self.cluster, colors: colors, shape: .impostor, profile: Self.profile, angle: angle, camera: .original)
        }
        let turning = try DrawingFixture()
        // At rest and kept, then turned in one frame and the next: what the glass left, and
        // where its shadow faded, is drawn again.
        for step in [0, 0, 0.5] as [Float] { _ = draw(turning, at: angle * step) }
        let turned = draw(turning, at: angle)
        let whole = draw(try DrawingFixture(), at: angle)
        let differing = turned.color.indices.filter { turned.color[$0] != whole.color[$0] }.count
        #expect(differing == 0 && turned.depth == whole.depth, "\(differing) pixels differ")
    }

    /// Before, zoomed in beside the panels, a glass's rectangle reached past the picture: the
    /// copies back failed (GL_INVALID_VALUE), grains left trails, and the next check ended the app.
    @Test("a glass whose viewport reaches past the picture: the kept frame matches one drawn whole, and the GL reports no error")
    func viewportPastThePicture() throws {
        let fixture = try DrawingFixture()
        let colors = [UInt32](repeating: GrainColors.pack(GrainColors.sand), count: Self.cluster.count)
        let past = Viewport(x: -80, y: -60, width: DrawingFixture.size + 160, height: DrawingFixture.size + 120)
        func draw(_ grains: [Grain]) -> (color: [SIMD3<Double>], depth: [Float]) {
            fixture.draw(grains, colors: grains.isEmpty ? [] : colors, shape: .impostor, profile: Self.profile, viewport: past)
        }
        // Drawn straight into the frame, then kept, then a frame without grains over the kept
        // picture, then the grains again over it.
        let whole = draw(Self.cluster)
        _ = draw(Self.cluster)
        _ = draw([])
        let kept = draw(Self.cluster)
        try GLError.check("four frames with the viewport past the picture")
        #expect(whole.color == kept.color && whole.depth == kept.depth)
    }

    @Test("a grain half hidden behind another is cut where the spheres meet")
    func cutWhereSpheresMeet() throws {
        let fixture = try DrawingFixture()
        let r = 2 * Self.radius
        // Red a little in front, blue a little behind it and to the right, deep in each other:
        // the spheres meet 0.4 radii (8 pixels) left of red's silhouette, where a depth of the
        // quad's, or of the sphere's centre, would cut.
        let front = Grain(position: [-0.5 * r, -0.3, 0.1 * r], radius: r), back = Grain(position: [0.5 * r, -0.3, -0.1 * r], radius: r)
        let picture = fixture.draw([front, back], colors: [GrainColors.pack([1, 0, 0]), GrainColors.pack([0, 0, 1])], shape: .impostor, profile: Self.profile)
        let eye = Self.double(DrawingFixture.camera.position)
        // The row through the grains' height, at the middle of the grains' depth.
        let row = Int((Double(-0.3) / (Double(DrawingFixture.camera.distance) * tan(Double(Camera.fieldOfView) * .pi / 360)) + 1) / 2 * Double(DrawingFixture.size))
        var expected: [Character] = [], seen: [Character] = []
        for column in 0..<DrawingFixture.size {
            let ray = DrawingFixture.ray(column: column, row: row)
            switch (Self.hit(front, from: eye, along: ray), Self.hit(back, from: eye, along: ray)) {
            case let (f?, b?): expected.append(f < b ? "r" : "b")
            case (_?, nil): expected.append("r")
            case (nil, _?): expected.append("b")
            default: expected.append(".")
            }
            let c = picture.color[row * DrawingFixture.size + column]
            seen.append(c.x > c.z + 40 ? "r" : c.z > c.x + 40 ? "b" : ".")
        }
        let transitions = expected.indices.dropFirst().filter { expected[$0] != expected[$0 - 1] }
        #expect(transitions.count == 3, "outside, red, blue, outside along the row: \(String(expected))")
        // Away from where the analytic answer changes (the resolve mixes a pixel there), every
        // pixel shows the sphere the eye's ray meets first.
        let wrong = expected.indices.filter { column in
            expected[column] != seen[column] && !transitions.contains { abs($0 - column) <= 1 || abs($0 - 1 - column) <= 1 }
        }
        #expect(wrong.isEmpty, "expected \(String(expected))\nseen     \(String(seen))")
    }

    @Test("each grain's shade is its own, within 15% of its colour, and the pile's occlusion is bounded and darkest inside")
    func shadesAndOcclusion() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            let engine = CPUEngine()
            try engine.spawn(count: 2_000)
            let grains = engine.readGrains()
            let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(2_000))
            let particles = StorageBuffer(), colors = StorageBuffer()
            particles.upload(grains)
            colors.upload([UInt32](repeating: GrainColors.pack(GrainColors.sand), count: grains.count))
            particles.bind(to: GrainRenderer.particlesBinding)
            colors.bind(to: GrainRenderer.colorsBinding)
            let shading = try GrainShading(shaders: GLFixture.shaders)
            let eye = Camera.original.position
            shading.prepare(count: grains.count, profile: profile, eye: eye)
            let words = shading.shades.read(SIMD4<Float>.self, count: 2 * grains.count)
            let albedos = stride(from: 0, to: words.count, by: 2).map { words[$0] }, occlusions = stride(from: 1, to: words.count, by: 2).map { words[$0] }

            // The jitter, undone from linear light to what the eye sees, per channel.
            let sand = Self.double(GrainColors.sand)
            let factors = albedos.map { albedo in SIMD3(pow(Double(albedo.x), 1 / 2.2), pow(Double(albedo.y), 1 / 2.2), pow(Double(albedo.z), 1 / 2.2)) / sand }
            let deviation = factors.map { max(abs($0.x - 1), abs($0.y - 1), abs($0.z - 1)) }.max() ?? 0
            let brightness = factors.map(\.y)
            #expect(deviation <= 0.15, "a grain's colour moves by up to \(deviation)")
            #expect((brightness.max() ?? 1) - (brightness.min() ?? 1) >= 0.1, "grains differ by at least ±5%: \(brightness.min() ?? 0)…\(brightness.max() ?? 0)")
            #expect(Set(brightness.map { ($0 * 1000).rounded() }).count > 100, "the shades are many, not a few")

            // Fullness is a share, 0…1; on the pile's top the side toward the open is less full
            // than the side toward the pile (x: at the centre; z: its change upward); a grain
            // left out as hidden is never on top, nor at the glass on the eye's side.
            #expect(occlusions.allSatisfy { (0...1).contains($0.x) })
            let top = grains.map(\.position.y).max() ?? 0, diameter = 2 * profile.grainRadius
            let onTop = grains.indices.filter { grains[$0].position.y > top - diameter }
            #expect(onTop.count > 20)
            #expect(onTop.allSatisfy { occlusions[$0].x + occlusions[$0].z < occlusions[$0].x - occlusions[$0].z }, "up is lit, down is in the pile")
            #expect(onTop.allSatisfy { albedos[$0].w == 0 }, "no grain on top is hidden")
            // Touching the glass where it faces the eye: the front of the pile.
            let facingEye = grains.indices.filter { index in
                let p = grains[index].position, radial = (p.x * p.x + p.z * p.z).squareRoot()
                let toEye = (eye - p) / ((eye - p) * (eye - p)).sum().squareRoot()
                return radial > profile.innerRadiusAt(p.y) - 0.75 * diameter && (p.x * toEye.x + p.z * toEye.z) / radial > 0.5
            }
            #expect(facingEye.count > 10)
            #expect(facingEye.allSatisfy { albedos[$0].w == 0 }, "no grain at the glass on the eye's side is hidden")
            let hidden = albedos.filter { $0.w > 0 }.count
            #expect(hidden > grains.count / 4, "grains deep in the pile or behind it are not drawn: \(hidden) of \(grains.count)")
        }
    }

    /// Side by side the glasses may have different necks (a long timer narrows the CPU and the
    /// compute engines' necks differently): each must be drawn with its own, as it is alone.
    @Test("two hourglasses with different necks side by side look each as it does alone")
    func twoNecks() throws {
        let fixture = try DrawingFixture()
        let half = DrawingFixture.size / 2
        let narrow = HourglassProfile(grainRadius: 0.01, innerNeckRadius: 0.012)
        let wide = HourglassProfile(grainRadius: 0.01, innerNeckRadius: 0.045)
        let left = Viewport(x: 0, y: 0, width: half, height: DrawingFixture.size)
        let right = Viewport(x: half, y: 0, width: half, height: DrawingFixture.size)
        func picture(_ scenes: [(HourglassProfile, Viewport)]) -> [UInt8] {
            let drawn = scenes.map { (DrawnHourglass(profile: $0.0, angle: 0, grains: .positions([], colors: [], shape: .impostor)), $0.1) }
            fixture.renderer.render(drawn, width: DrawingFixture.size, height: DrawingFixture.size, into: fixture.target.framebuffer,
                                    camera: DrawingFixture.camera)
            return fixture.target.readPixels()
        }
        /// The pixels of `picture` in columns `columns`, row by row.
        func columns(_ picture: [UInt8], _ columns: Range<Int>) -> [UInt8] {
            (0..<DrawingFixture.size).flatMap { row in picture[4 * (row * DrawingFixture.size + columns.lowerBound)..<4 * (row * DrawingFixture.size + columns.upperBound)] }
        }
        let together = picture([(narrow, left), (wide, right)])
        let narrowAlone = picture([(narrow, left)]), wideAlone = picture([(wide, right)])
        let differ = columns(narrowAlone, 0..<half) != columns(picture([(wide, left)]), 0..<half)
        let leftAsAlone = columns(together, 0..<half) == columns(narrowAlone, 0..<half)
        let rightAsAlone = columns(together, half..<DrawingFixture.size) == columns(wideAlone, half..<DrawingFixture.size)
        #expect(differ, "the two necks should look different")
        #expect(leftAsAlone, "the left glass is not drawn with its own neck")
        #expect(rightAsAlone, "the right glass is not drawn with its own neck")
    }
}
