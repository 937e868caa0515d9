import Foundation
import GLSupport
import GLTestSupport
@testable import Sparkles

/// A headless context with a particle cloud, a renderer and an offscreen target, for one test on
/// the test's own thread.
final class SparkleFixture {
    let cloud: ParticleCloud
    let renderer: SparkleRenderer
    let target: OffscreenTarget
    let layout: ControlLayout
    /// Declared last so it is released after the GL objects above.
    let context: HeadlessContext

    static let shaders = ShaderSource.sparkles(in: Checkout.shaders)

    init(width: Int = 400, height: Int = 250, count: Int = 32, parameters: SparkleParameters = .defaults) throws {
        let context = try HeadlessContext()
        cloud = try ParticleCloud(shaders: Self.shaders, count: count)
        renderer = try SparkleRenderer(shaders: Self.shaders)
        target = OffscreenTarget(width: width, height: height)
        layout = ControlLayout(windowWidth: width, windowHeight: height, parameters: parameters)
        self.context = context
    }

    /// Renders a frame and returns its pixels as a lookup by window pixel (y down), 0–255 RGB.
    func render(_ frame: SparkleFrame, parameters: SparkleParameters = .defaults, withCloud: Bool = true) -> Pixels {
        renderer.draw(cloud: withCloud ? cloud : nil, frame: frame, layout: layout, parameters: parameters,
                      framebuffer: target.framebuffer, width: target.width, height: target.height)
        return Pixels(data: target.readPixels(), width: target.width, height: target.height)
    }

    /// The control texture's premultiplied RGBA at a window pixel (y down), after a render.
    func control(at x: Int, _ y: Int) -> SIMD4<Float> {
        let values = renderer.controlTarget.read()
        let i = ((target.height - 1 - y) * target.width + x) * 4
        return SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
    }
}

struct Pixels {
    let data: [UInt8]
    let width: Int, height: Int

    /// RGB at window pixel (x, y), y down.
    subscript(x: Int, y: Int) -> SIMD3<Float> {
        let i = ((height - 1 - y) * width + x) * 4
        return SIMD3(Float(data[i]), Float(data[i + 1]), Float(data[i + 2]))
    }
}
