import GLSupport
import SandSim

/// GPU mode: the compute engine; its grains are read back to the CPU each frame and drawn as
/// CPU mode draws them.
final class GPUSandMode: SandMode {
    private let compute: ComputeEngine
    private let stopwatch = GPUStopwatch()
    private var colors: [UInt32] = []

    init(shaders: ShaderSource?, threads: Int?) throws {
        guard let shaders else { preconditionFailure("SandModes makes GPU mode only with GL") }
        compute = try ComputeEngine(name: PhysicsMode.gpu.displayName, shaders: shaders)
    }

    var mode: PhysicsMode { .gpu }
    var engine: PhysicsEngine { compute }
    var physicsOn: String { GLInfo.current().renderer }
    var threads: Int { 1 }
    var counters: DispatchCounting? { compute }

    static func countRange(_ mode: PhysicsMode) -> ClosedRange<Int> {
        ComputeModes.cut(PhysicsMode.gpu.countRange, to: ComputeEngine.largestCount())
    }

    func setColors(_ packed: [UInt32]) {
        colors = packed
    }

    func timePhysics(wait: Bool, _ work: () -> Void) -> Double {
        ComputeModes.seconds(stopwatch, wait: wait, work)
    }

    func present(shape: GrainShape, timed: Bool) -> PresentedGrains {
        var grains: [Grain] = []
        let seconds = HostClock.seconds { grains = compute.readGrains() }
        return PresentedGrains(.positions(grains, colors: colors, shape: shape), readbackSeconds: timed ? seconds : nil)
    }
}

/// What the compute modes share: their timing and their count limit.
enum ComputeModes {
    /// The GPU's seconds for `work`: its own, waited for, or the newest finished (and at least
    /// the host's, which is the GPU's too on a software renderer that runs in the call).
    static func seconds(_ stopwatch: GPUStopwatch, wait: Bool, _ work: () -> Void) -> Double {
        if wait { return stopwatch.measureNow(work) / 1000 }
        let host = HostClock.seconds { stopwatch.measure(work) }
        return max(host, (stopwatch.lastMilliseconds ?? 0) / 1000)
    }

    /// `range` with its top cut to `most`, never below its bottom.
    static func cut(_ range: ClosedRange<Int>, to most: Int?) -> ClosedRange<Int> {
        guard let most else { return range }
        return range.lowerBound...max(min(range.upperBound, most), range.lowerBound)
    }
}
