import Foundation
import SandGL
import GLSupport
import GLTestSupport
import SandSim

/// A headless context and a compute engine for one test, on the test's own thread.
final class GLFixture {
    let engine: ComputeEngine
    /// Declared last so it is released after the engine's GL objects.
    let context: HeadlessContext

    static var unavailableReason: String? { HeadlessContext.unavailableReason }

    static let shaders = ShaderSource.hourglass(in: Checkout.shaders)

    init() throws {
        let context = try HeadlessContext()
        engine = try ComputeEngine(name: "GPU", shaders: Self.shaders)
        self.context = context
    }

    func load(_ grains: [Grain], profile: HourglassProfile = GLFixture.profile) throws {
        try engine.load(grains, profile: profile)
    }

    static let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
    static let frame: Float = 1.0 / 60.0

    func run(seconds: Float, angle: Float = 0, parameters: SimulationParameters = SimulationParameters(duration: 5)) {
        for _ in 0..<Int((seconds / Self.frame).rounded()) {
            engine.step(frameDt: Self.frame, angle: angle, parameters: parameters)
        }
    }
}
