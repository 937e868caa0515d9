import SandGL
import GLSupport
import SandSim

/// A mode ready to load grains for the headless commands (`simulate`, `calibrate`), with the
/// headless GL context a compute mode runs in.
struct Backend {
    let sandMode: SandMode
    /// The GL renderer string for compute engines.
    let renderer: String?
    /// Declared last so it is released after the engine's GL objects.
    private let context: HeadlessContext?

    var engine: PhysicsEngine { sandMode.engine }
    /// The mode that runs: the CPU's where no GL context could be had.
    var mode: PhysicsMode { sandMode.mode }

    /// `mode` in a headless context of its own. Compute modes need GL 4.3; without it, the CPU
    /// engine runs instead and a line on stderr says so.
    static func make(mode: PhysicsMode) throws -> Backend {
        guard mode != .cpu else { return Backend(sandMode: try SandModes.make(.cpu, shaders: nil), renderer: nil, context: nil) }
        let shaders = try ShaderSource.locateHourglass()
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch let error as GLError {
            Console.progress("shifting-sands: \(error); running the CPU engine instead")
            return Backend(sandMode: try SandModes.make(mode, shaders: nil), renderer: nil, context: nil)
        }
        return Backend(sandMode: try SandModes.make(mode, shaders: shaders), renderer: context.info.renderer, context: context)
    }
}
