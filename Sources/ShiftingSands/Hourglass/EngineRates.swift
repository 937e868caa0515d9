import Foundation
import SandGL
import SandSim

/// How fast each engine steps and how fast grains are drawn, roughly, for choices made before
/// anything runs: bench's guard against hours-long cases (the window's counts are measured:
/// MachineFit).
/// Measured on the 2-core development machine (docs/BENCHMARKS.md); a real GPU is taken to be
/// 500 times faster than llvmpipe for the physics and 2,500 times for the drawing.
enum EngineRates {
    /// Grain-substeps of physics a second: each mode's own figure (SandMode).
    static func physics(_ mode: PhysicsMode, softwareGL: Bool) -> Double {
        SandModes.grainSubstepsPerSecond(mode, softwareGL: softwareGL)
    }

    /// Grains drawn a second.
    static func drawing(softwareGL: Bool) -> Double {
        softwareGL ? 4e4 : 1e8
    }

    /// Seconds one frame of `count` grains in `mode` takes: its substeps and its drawing.
    static func frameSeconds(_ mode: PhysicsMode, count: Int, substeps: Int, softwareGL: Bool) -> Double {
        let n = Double(count)
        return n * Double(substeps) / physics(mode, softwareGL: softwareGL) + n / drawing(softwareGL: softwareGL)
    }
}
