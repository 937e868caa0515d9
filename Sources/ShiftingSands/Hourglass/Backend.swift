import SandGL
import GLSupport
import SandSim

/// An engine ready to load grains, with whatever keeps its GL context alive.
struct Backend {
    let engine: PhysicsEngine
    let mode: PhysicsMode
    /// The GL renderer string for compute engines.
    let renderer: String?
    /// Declared last so it is released after the engine's GL objects.
    private let context: HeadlessContext?

    /// The engine for `mode`. Compute modes need a GL 4.3 context; without one, the CPU engine
    /// runs instead and a line on stderr says so.
    static func make(mode: PhysicsMode) throws -> Backend {
        guard mode != .cpu else { return Backend(engine: CPUEngine(), mode: .cpu, renderer: nil, context: nil) }
        let shaders = try ShaderSource.locateHourglass()
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch let error as GLError {
            Console.progress("shifting-sands: \(error); running the CPU engine instead")
            return Backend(engine: CPUEngine(), mode: .cpu, renderer: nil, context: nil)
        }
        let engine = try ComputeEngine(name: mode.displayName, shaders: shaders)
        return Backend(engine: engine, mode: mode, renderer: context.info.renderer, context: context)
    }
}
