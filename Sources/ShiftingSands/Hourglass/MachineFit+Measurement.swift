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
    static func measure(shaders: ShaderSource, target: (framebuffer: UInt32, width: Int, height: Int), present: @escaping () -> Void) throws -> MachineFit {
        let benchmark = try Benchmark(shaders: shaders, target: target, present: present)
        let options = Benchmark.Options(steps: 5, warmup: 60, substeps: nil, threads: ProcessInfo.processInfo.activeProcessorCount, scenario: .draining, drawsWarmup: false)
        var modes: [PhysicsMode: ModeCost] = [:]
        for mode in PhysicsMode.allCases {
            let (low, high) = measuredCounts
            let results = try [low, high].map { try benchmark.run(mode: mode, count: $0, shape: .impostor, options: options, progress: { _ in }) }
            func line(_ ms: (BenchResult) -> Double) -> LinearCost { LinearCost(low, ms(results[0]), high, ms(results[1])) }
            modes[mode] = ModeCost(physics: line(\.physicsMs.median), drawing: line { $0.totalMs.median - $0.physicsMs.median + ($0.stagesMs["present"]?.median ?? 0) })
        }
        return MachineFit(renderer: GLInfo.current().renderer, modes: modes)
    }
}
