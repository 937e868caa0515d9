import Foundation
import GLSupport
import SandSim
import Titanium

/// The titanium bench: the default square settled (`settleSeconds` of ticks first), then each step one
/// 1/60 s tick of the whole pool and one frame's drawing at 1280 × 800.
struct TitaniumBenchResult: Codable {
    var liveParticles: Int
    var poolSize: Int
    var tickMs: SampleSummary
    var frameMs: SampleSummary
    /// Particle updates a second (the whole pool) from the median tick.
    var updatesPerSecond: Double
    var framesPerSecond: Double
}

extension TitaniumBenchResult: SceneBenchRow {
    static let tableHeader = ["live", "pool", "tick", "frame", "pool updates/s", "frames/s"]
    var tableCells: [String] {
        [String(liveParticles), String(poolSize), tickMs.tableCell, frameMs.tableCell,
         NumberText.grouped(updatesPerSecond), String(format: "%.1f", framesPerSecond)]
    }
    static let csvHeader = "live_particles,pool_size,tick_median_ms,tick_p95_ms,frame_median_ms,frame_p95_ms,updates_per_second,frames_per_second"
    var csvCells: [String] {
        [String(liveParticles), String(poolSize), tickMs.csvCells, frameMs.csvCells, String(updatesPerSecond), String(framesPerSecond)]
    }
}

struct TitaniumBenchmark {
    static let screen = (width: 1280, height: 800)
    let shaders: ShaderSource
    let steps: Int
    let warmup: Int

    /// Long enough for the pool to fill: the longest lifetime and half a second.
    static func settleSeconds(_ parameters: TitaniumParameters = .defaults) -> Float {
        parameters.longestLifetime + 0.5
    }

    func run() throws -> TitaniumBenchResult {
        let parameters = TitaniumParameters.defaults
        let field = try TitaniumField(shaders: shaders, parameters: parameters)
        let renderer = try TitaniumRenderer(shaders: shaders)
        let target = OffscreenTarget(width: Self.screen.width, height: Self.screen.height)
        let layout = SquareLayout(windowWidth: Self.screen.width, windowHeight: Self.screen.height)
        let stopwatch = GPUStopwatch()
        var timeline = TitaniumTimeline()
        let dt: Float = 1.0 / 60
        for _ in 0..<Int(Self.settleSeconds(parameters) * 60) {
            _ = timeline.advance(by: dt, parameters: parameters)
            field.tick(dt: dt, time: timeline.time, parameters: parameters, forces: timeline.forces(parameters: parameters))
        }
        var tickTimes: [Double] = [], frameTimes: [Double] = []
        for step in 0..<(warmup + steps) {
            _ = timeline.advance(by: dt, parameters: parameters)
            let forces = timeline.forces(parameters: parameters)
            let tickMs = stopwatch.measureNow { field.tick(dt: dt, time: timeline.time, parameters: parameters, forces: forces) }
            let frameMs = stopwatch.measureNow {
                renderer.draw(field: field, layout: layout, parameters: parameters, framebuffer: target.framebuffer, width: target.width, height: target.height)
            }
            if step >= warmup {
                tickTimes.append(tickMs)
                frameTimes.append(frameMs)
            }
        }
        let live = field.read().filter(\.isAlive).count
        let tick = SampleSummary(tickTimes), frame = SampleSummary(frameTimes)
        return TitaniumBenchResult(liveParticles: live, poolSize: field.count, tickMs: tick, frameMs: frame,
                                   updatesPerSecond: tick.median > 0 ? Double(field.count) * 1000 / tick.median : 0,
                                   framesPerSecond: tick.median + frame.median > 0 ? 1000 / (tick.median + frame.median) : 0)
    }
}
