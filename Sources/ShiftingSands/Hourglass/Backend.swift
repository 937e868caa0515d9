import SandGL
import GLSupport
import SandSim

/// A mode ready to load grains for the headless commands (`simulate`, `calibrate`).
struct Backend {
    let sandMode: SandMode
    /// The GL renderer string for compute engines.
    let renderer: String?

    var engine: PhysicsEngine { sandMode.engine }
    /// The mode that runs: the CPU's where no GL context could be had.
    var mode: PhysicsMode { sandMode.mode }

    /// Runs `body` with `mode` in a headless context of its own, which outlives every GL object
    /// the mode makes: a release build ends a value's life at its last use, so a context kept
    /// beside the engine could go first and leave the engine's GL deletes without a context
    /// (libepoxy aborts). Compute modes need GL 4.3; without it, the CPU engine runs instead and
    /// a line on stderr says so.
    static func with<T>(mode: PhysicsMode, _ body: (Backend) throws -> T) throws -> T {
        guard mode != .cpu else { return try body(Backend(sandMode: try SandModes.make(.cpu, shaders: nil), renderer: nil)) }
        let shaders = try ShaderSource.locateHourglass()
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch let error as GLError {
            Console.progress("shifting-sands: \(error); running the CPU engine instead")
            return try body(Backend(sandMode: try SandModes.make(mode, shaders: nil), renderer: nil))
        }
        return try withExtendedLifetime(context) {
            try body(Backend(sandMode: try SandModes.make(mode, shaders: shaders), renderer: context.info.renderer))
        }
    }
}
