import Foundation
import GLSupport
import SandGL
import SandSim

extension MachineFit {
    /// The two counts each mode is measured at.
    static let measuredCounts = (250, 1_000)

    /// Measures each mode on the current GL context with `bench`'s own frame (Benchmark: the
    /// app's physics on draining sand, the mode's way to the screen, SceneRenderer) into
    /// `target`, `present`ed as the window would: at each of two counts, a second of sand let go
    /// from the upper chamber, then five frames of it running (its first frames, before it
    /// flows, cost less than half of that: docs/BENCHMARKS.md), about five seconds on llvmpipe here.
    /// `measuring` is told each run before it starts.
    static func measure(shaders: ShaderSource, target: (framebuffer: UInt32, width: Int, height: Int), present: @escaping () -> Void,
                        measuring: (Step) -> Void = { _ in }) throws -> MachineFit {
        let benchmark = try Benchmark(shaders: shaders, target: target, present: present)
        let options = Benchmark.Options(steps: 5, warmup: 60, substeps: nil, threads: ProcessInfo.processInfo.activeProcessorCount, scenario: .draining, drawsWarmup: false)
        var modes: [PhysicsMode: ModeCost] = [:]
        let (low, high) = measuredCounts
        for (index, mode) in PhysicsMode.allCases.enumerated() {
            let results = try [low, high].enumerated().map { run, count in
                measuring(Step(mode: mode, count: count, index: 2 * index + run, total: 2 * PhysicsMode.allCases.count))
                return try benchmark.run(mode: mode, count: count, shape: .impostor, options: options, progress: { _ in })
            }
            func line(_ ms: (BenchResult) -> Double) -> LinearCost { LinearCost(low, ms(results[0]), high, ms(results[1])) }
            modes[mode] = ModeCost(physics: line(\.physicsMs.median), drawing: line { $0.totalMs.median - $0.physicsMs.median + ($0.stagesMs["present"]?.median ?? 0) })
        }
        return MachineFit(renderer: GLInfo.current().renderer, modes: modes)
    }

    /// One run of the measurement: `mode` at `count` grains, the `index`th (from 0) of `total`.
    struct Step {
        var mode: PhysicsMode
        var count: Int
        var index: Int
        var total: Int
    }
}
