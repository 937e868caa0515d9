import Foundation
import GLSupport
import Testing
@testable import Waves

/// The compute shaders against the CPU reference, and the renderer, on a headless context.
@Suite("Wave field (headless GL)", .serialized, .enabled(if: WaveFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct WaveFieldGPUTests {
    /// Each program's parameters are one std140 block: its Swift mirror must lie as the GL lays
    /// it out, or a shader reads one parameter as another.
    @Test("every wave program's block lies as its Swift mirror says")
    func blockLayouts() throws {
        let context = try HeadlessContext(), source = WaveFixture.shaders
        #expect(try ShaderProgram(fullscreen: "backdrop.frag", source: source).layoutMismatches(of: WaveBackdropBlock.self) == [])
        #expect(try ShaderProgram(fullscreen: "water.frag", source: source).layoutMismatches(of: WaterBlock.self) == [])
        #expect(try ShaderProgram(compute: "wave_disturb.comp", source: source).layoutMismatches(of: WaveDisturbBlock.self) == [])
        #expect(try ShaderProgram(compute: "wave_step.comp", source: source).layoutMismatches(of: WaveStepBlock.self) == [])
        withExtendedLifetime(context) {}
    }

    /// Everything on at once: viscosity, damping, dispersion, an absorbing band, a speed that
    /// the limit clamps.
    static let busy: WaveParameters = {
        var p = WaveParameters.defaults
        p.waveSpeed = 115
        p.viscosity = 2
        p.damping = 1.5
        p.dispersion = 0.3
        p.edgeReflection = 0.2
        p.edgeWidth = 0.15
        return p
    }()

    @Test("one GPU step matches WaveReference.step (noise field, every term on, grid not a multiple of 16)")
    func oneStep() throws {
        let (w, h) = (90, 70)
        let gl = try WaveFixture(width: w, height: h)
        #expect(gl.field.width == w && gl.field.height == h)
        let previous = Fields.noise(count: w * h, seed: 1), current = Fields.noise(count: w * h, seed: 2)
        gl.field.upload(previous: previous, current: current)
        #expect(gl.field.readHeights() == current)
        gl.field.step(parameters: Self.busy)
        let expected = WaveReference.step(previous: previous, current: current, width: w, height: h, parameters: Self.busy)
        let got = gl.field.readHeights()
        let worst = zip(got, expected).map { abs($0 - $1) }.max()!
        #expect(worst < 2e-5, "worst cell differs by \(worst)")
        // The textures rotated: the old current is now previous.
        #expect(gl.field.readPreviousHeights() == current)
    }

    @Test("thirty GPU steps of a ripple stay with the CPU reference")
    func manySteps() throws {
        let n = 80
        let gl = try WaveFixture(width: n, height: n)
        let bump = Fields.gaussian(width: n, height: n, cx: 30, cy: 44, sigma: 2)
        gl.field.upload(previous: bump, current: bump)
        var pair = ReferencePair(previous: bump, current: bump, width: n, height: n, parameters: Self.busy)
        for _ in 0..<30 { gl.field.step(parameters: Self.busy) }
        pair.step(30)
        let worst = zip(gl.field.readHeights(), pair.current).map { abs($0 - $1) }.max()!
        #expect(worst < 1e-4, "worst cell differs by \(worst)")
        #expect(pair.current.map(abs).max()! > 0.05)   // something is still moving
    }

    @Test("a GPU disturbance creates the velocity the 82/18 split predicts, as the reference does")
    func impulseSplit() throws {
        let n = 64
        let gl = try WaveFixture(width: n, height: n)
        var p = WaveParameters.defaults
        p.impulse = 1.5
        p.brushRadius = 0.05
        gl.field.disturb([WaveDisturbance(x: 0.5, y: 0.5, strength: 0.8)], parameters: p)
        WavePhysicsTests.checkSplit(previous: gl.field.readPreviousHeights(), current: gl.field.readHeights(), width: n, strength: 0.8, parameters: p)

        // More disturbances than one dispatch takes, on a non-zero field.
        let start = Fields.noise(count: n * n, seed: 3)
        gl.field.upload(previous: start, current: start)
        let many: [WaveDisturbance] = (0..<40).map { (i: Int) -> WaveDisturbance in
            let x: Float = Float(i % 8) / 8 + 0.06
            let y: Float = Float(i / 8) / 5 + 0.1
            return WaveDisturbance(x: x, y: y, strength: Float(i % 3) - 0.5)
        }
        gl.field.disturb(many, parameters: p)
        var previous = start, current = start
        WaveReference.disturb(previous: &previous, current: &current, width: n, height: n, disturbances: many, parameters: p)
        let worst = max(zip(gl.field.readHeights(), current).map { abs($0 - $1) }.max()!,
                        zip(gl.field.readPreviousHeights(), previous).map { abs($0 - $1) }.max()!)
        #expect(worst < 1e-5, "worst cell differs by \(worst)")
    }

    @Test("resize gives a calm grid of the new size; the same size keeps the field")
    func resize() throws {
        let gl = try WaveFixture(width: 32, height: 16)
        gl.field.disturb([WaveDisturbance(x: 0.5, y: 0.5, strength: 1)], parameters: .defaults)
        gl.field.resize(width: 32, height: 16)
        #expect(gl.field.readHeights().contains { $0 != 0 })
        gl.field.resize(width: 40, height: 24)
        #expect(gl.field.width == 40 && gl.field.height == 24)
        #expect(gl.field.readHeights() == [Float](repeating: 0, count: 40 * 24))
    }

    static func largestDifference(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z))
    }

    @Test("calm water shows the backdrop; a ripple draws water over it, with the cell grid")
    func rendering() throws {
        let (w, h, pixelSize) = (64, 48, 3)
        let gl = try WaveFixture(width: w, height: h)
        let target = OffscreenTarget(width: w * pixelSize, height: h * pixelSize)
        target.bind()
        let p = WaveParameters.defaults
        gl.renderer.draw(gl.field, parameters: p, viewportWidth: target.width, viewportHeight: target.height)
        let calm = target.readPixels()
        #expect(GLInfo.nextError() == 0)
        // The backdrop: top colour at the top (GL's last row), bottom colour at the bottom.
        let backdrop = WaterRenderer.backdrop(for: p)
        func rgb(_ data: [UInt8], _ x: Int, _ y: Int) -> SIMD3<Float> {
            let i = (y * target.width + x) * 4
            return SIMD3(Float(data[i]), Float(data[i + 1]), Float(data[i + 2])) / 255
        }
        let top = rgb(calm, 10, target.height - 1), bottom = rgb(calm, 10, 0)
        #expect(Self.largestDifference(top, backdrop.top) < 0.02, "top \(top) vs \(backdrop.top)")
        #expect(Self.largestDifference(bottom, backdrop.bottom) < 0.02, "bottom \(bottom) vs \(backdrop.bottom)")

        // A crest in the top-left quarter (y down): drawn near the top left of the image.
        gl.field.disturb([WaveDisturbance(x: 0.25, y: 0.25, strength: 1)], parameters: p)
        gl.renderer.draw(gl.field, parameters: p, viewportWidth: target.width, viewportHeight: target.height)
        let rippled = target.readPixels()
        let crestX = w / 4 * pixelSize + 1, crestY = target.height - 1 - (h / 4 * pixelSize + 1)
        #expect(Self.largestDifference(rgb(rippled, crestX, crestY), rgb(calm, crestX, crestY)) > 0.1, "the crest was not drawn")
        // The far corner is still calm.
        #expect(Self.largestDifference(rgb(rippled, target.width - 5, 5), rgb(calm, target.width - 5, 5)) < 0.01)
        // Cell edges brighter than cell centres (±2%) where the water is opaque and flat-ish:
        // compare the centre pixel of a cell with its edge pixel.
        let cellX = w / 4 * pixelSize, cellY = target.height - (h / 4 + 1) * pixelSize
        let centre = rgb(rippled, cellX + 1, cellY + 1), edge = rgb(rippled, cellX, cellY + 1)
        #expect(edge.sum() > centre.sum(), "edge \(edge) centre \(centre)")
    }
}
