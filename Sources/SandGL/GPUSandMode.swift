import GLSupport
import SandSim

/// GPU mode: the compute engine; its grains are read back to the CPU each frame and drawn as
/// CPU mode draws them.
final class GPUSandMode: ComputeSandMode {
    let compute: ComputeEngine
    let stopwatch = GPUStopwatch()
    private var colors: [UInt32] = []

    init(shaders: ShaderSource?, threads: Int?) throws {
        compute = try Self.engine(.gpu, shaders: shaders)
    }

    var mode: PhysicsMode { .gpu }

    func setColors(_ packed: [UInt32]) {
        precondition(packed.count == compute.grainCount, "\(packed.count) colours for \(compute.grainCount) grains")
        colors = packed
    }

    /// Steady as it is: the grains are read back.
    func present(shape: GrainShape, timed: Bool, steady _: Bool) -> PresentedGrains {
        var grains: [Grain] = []
        let seconds = HostClock.seconds { grains = compute.readGrains() }
        return PresentedGrains(.positions(grains, colors: colors, shape: shape), readbackSeconds: timed ? seconds : nil)
    }
}

/// What the compute modes share: the engine, its timing and its count limit.
protocol ComputeSandMode: SandMode {
    var compute: ComputeEngine { get }
    var stopwatch: GPUStopwatch { get }
}

extension ComputeSandMode {
    var engine: PhysicsEngine { compute }
    var physicsOn: String { GLInfo.current().renderer }
    var threads: Int { 1 }
    var counters: DispatchCounting? { compute }

    /// The compute engine for `mode`, in the current GL context.
    static func engine(_ mode: PhysicsMode, shaders: ShaderSource?) throws -> ComputeEngine {
        guard let shaders else { preconditionFailure("SandModes makes \(mode.displayName) mode only with GL") }
        return try ComputeEngine(name: mode.displayName, shaders: shaders)
    }

    /// The mode's counts, cut to the most the compute engine holds here.
    static func countRange(_ mode: PhysicsMode) -> ClosedRange<Int> {
        let range = mode.countRange
        guard let most = ComputeEngine.largestCount() else { return range }
        return range.lowerBound...max(min(range.upperBound, most), range.lowerBound)
    }

    /// On llvmpipe, 2 cores: 2–6 million (every grain awake, or a pile asleep); a real GPU is
    /// taken to be 500 times faster.
    static func grainSubstepsPerSecond(softwareGL: Bool) -> Double {
        softwareGL ? 2e6 : 1e9
    }

    /// The GPU's seconds for `work`: its own, waited for, or the newest finished (and at least
    /// the host's). A software renderer is always waited for: llvmpipe defers the dispatches to
    /// the next flush (a frame of 25,000 grains took 0.01 ms in the call and landed in the
    /// drawing), and its host clock between `glFinish`es needs no query, which another thread's
    /// context could not use (GlassThreads).
    func timePhysics(wait: Bool, _ work: () -> Void) -> Double {
        if wait || stopwatch.method == .hostClock { return stopwatch.measureNow(work) / 1000 }
        let host = HostClock.seconds { stopwatch.measure(work) }
        return max(host, (stopwatch.lastMilliseconds ?? 0) / 1000)
    }
}
