import SandGL
import GLSupport
import SandSim

/// A run ready to go for the headless commands (`simulate`, `calibrate`).
struct Backend {
    let run: SandRun
    /// The GL renderer string for compute engines.
    let renderer: String?

    var engine: PhysicsEngine { run.engine }
    /// The mode that runs: the CPU's where no GL context could be had.
    var mode: PhysicsMode { run.sandMode.mode }

    /// Runs `body` with `count` grains at `size` in `mode` on a timer of `duration` seconds, the
    /// fresh pile from `seed` (SandRun),
    /// in a headless context of its own, which outlives every GL object the mode makes: a release
    /// build ends a value's life at its last use, so a context kept beside the engine could go
    /// first and leave the engine's GL deletes without a context (libepoxy aborts). Compute modes
    /// need GL 4.3; without it, the CPU engine runs instead and a line on stderr says so.
    static func with<T>(mode: PhysicsMode, count: Int, size: Float = 1, duration: Float, seed: UInt64 = PouredPile.defaultSeed,
                        _ body: (Backend) throws -> T) throws -> T {
        func run(_ shaders: ShaderSource?) throws -> SandRun {
            try SandRun(GrainSettings(mode: mode, count: count, size: size), timing: .seconds(duration), shaders: shaders, seed: seed)
        }
        guard mode != .cpu else { return try body(Backend(run: run(nil), renderer: nil)) }
        let shaders = try ShaderSource.locateHourglass()
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch let error as GLError {
            Console.progress("shifting-sands: \(error); running the CPU engine instead")
            return try body(Backend(run: run(nil), renderer: nil))
        }
        return try withExtendedLifetime(context) {
            try body(Backend(run: run(shaders), renderer: context.info.renderer))
        }
    }
}
