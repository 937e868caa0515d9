import Foundation
import GLSupport
import SandSim
import Sparkles

/// One sparkles case: a cloud of `particles` ticked toward a held press and drawn with the
/// control at 1280 × 800.
struct SparkleBenchResult: Codable {
    var particles: Int
    /// One fixed tick of the whole cloud (compute shader), GPU time.
    var tickMs: SampleSummary
    /// A frame's drawing: control texture, ripple pass, the cloud's point sprites. GPU time.
    var frameMs: SampleSummary
    /// Particle updates a second from the median tick.
    var updatesPerSecond: Double
    /// Frames a second the median tick + frame allows at one tick a frame.
    var framesPerSecond: Double
}

extension SparkleBenchResult: SceneBenchRow {
    static let tableHeader = ["particles", "tick", "frame", "updates/s", "frames/s"]
    var tableCells: [String] {
        [String(particles), tickMs.tableCell, frameMs.tableCell, NumberText.grouped(updatesPerSecond), String(format: "%.1f", framesPerSecond)]
    }
    static let csvHeader = "particles,tick_median_ms,tick_p95_ms,frame_median_ms,frame_p95_ms,updates_per_second,frames_per_second"
    var csvCells: [String] {
        [String(particles), tickMs.csvCells, frameMs.csvCells, String(updatesPerSecond), String(framesPerSecond)]
    }
}

/// Runs the sparkles cases on the current GL context into an offscreen target, the press held
/// (progress 1) with a ripple running, so every pass does its full work.
struct SparkleBenchmark {
    static let screen = (width: 1280, height: 800)
    let shaders: ShaderSource
    let steps: Int
    let warmup: Int

    func run(particles: Int) throws -> SparkleBenchResult {
        var parameters = SparkleParameters.defaults
        parameters.particleCount = particles
        let cloud = try ParticleCloud(shaders: shaders, count: particles)
        let renderer = try SparkleRenderer(shaders: shaders)
        let target = OffscreenTarget(width: Self.screen.width, height: Self.screen.height)
        let stopwatch = GPUStopwatch()
        let layout = ControlLayout(windowWidth: Self.screen.width, windowHeight: Self.screen.height, parameters: parameters)
        let press = layout.centre + SIMD2(layout.size.x * 0.2, 0)
        var tickTimes: [Double] = [], frameTimes: [Double] = []
        for step in 0..<(warmup + steps) {
            let tickMs = stopwatch.measureNow { cloud.tick(centre: layout.local(press), size: layout.size, parameters: parameters) }
            let frame = SparkleFrame(press: press, progress: 1, ripple: (press, 0.2))
            let frameMs = stopwatch.measureNow {
                renderer.draw(cloud: cloud, frame: frame, layout: layout, parameters: parameters,
                              framebuffer: target.framebuffer, width: target.width, height: target.height)
            }
            if step >= warmup {
                tickTimes.append(tickMs)
                frameTimes.append(frameMs)
            }
        }
        let tick = SampleSummary(tickTimes), frame = SampleSummary(frameTimes)
        return SparkleBenchResult(particles: particles, tickMs: tick, frameMs: frame,
                                  updatesPerSecond: tick.median > 0 ? Double(particles) * 1000 / tick.median : 0,
                                  framesPerSecond: tick.median + frame.median > 0 ? 1000 / (tick.median + frame.median) : 0)
    }
}
