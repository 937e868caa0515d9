import GLSupport
import SandSim

/// One way to make a run: the mode's engine (SandModes), the grains a `GrainSettings` asks for
/// spawned in it, and the Hourglass over both. The window's glasses, `simulate`, `calibrate`, `bench` and the
/// icon all start here, so a pile is put together in one place; a fresh pile (a reset, new
/// settings, another mode) comes here too.
public struct SandRun {
    /// What times the run.
    public enum Timing {
        /// A timer of these seconds of its own, at rest.
        case seconds(Float)
        /// A timer the caller shares between glasses (side by side).
        case shared(HourglassTimer)
    }

    public private(set) var sandMode: SandMode
    /// The mode asked for: where there is no GL, `sandMode` runs the CPU engine in its place.
    private var asked: PhysicsMode
    public private(set) var pile: Pile
    /// What the pile was built with: the mode asked for, the count and the size.
    public var grains: GrainSettings { GrainSettings(mode: asked, count: pile.count, size: pile.size) }
    public var hourglass: Hourglass
    public var engine: PhysicsEngine { sandMode.engine }

    /// Compute modes need the GL 4.3 context current and `shaders`; with `shaders` nil every
    /// mode runs on the CPU engine. `threads`: the CPU engine's (nil: as many as it chooses).
    /// `seed`: the fresh pile's (PouredPile): where each grain is dropped.
    public init(_ grains: GrainSettings, timing: Timing, shaders: ShaderSource?, threads: Int? = nil, seed: UInt64 = PouredPile.defaultSeed) throws {
        sandMode = try SandModes.make(grains.mode, shaders: shaders, threads: threads)
        asked = grains.mode
        pile = try sandMode.engine.spawn(count: grains.count, size: grains.size, seed: seed)
        switch timing {
        case .seconds(let seconds): hourglass = Hourglass(engine: sandMode.engine, mode: sandMode.mode, pile: pile, duration: seconds)
        case .shared(let timer): hourglass = Hourglass(engine: sandMode.engine, mode: sandMode.mode, pile: pile, timer: timer)
        }
    }

    /// A fresh pile as `grains` asks in the same Hourglass, in a new engine where its mode is
    /// not the one asked for before.
    public mutating func respawn(_ grains: GrainSettings, shaders: ShaderSource?) throws {
        if grains.mode != asked { sandMode = try SandModes.make(grains.mode, shaders: shaders) }
        asked = grains.mode
        pile = try sandMode.engine.spawn(count: grains.count, size: grains.size)
        hourglass.replacePile(engine: sandMode.engine, mode: sandMode.mode, pile: pile)
    }
}
