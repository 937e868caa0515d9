import Foundation
import GLSupport
import SandSim
import Waves

/// One wave-pool case: a screen of `screen` pixels in cells of `pixelSize`, stepped and drawn.
struct WaveBenchResult: Codable {
    var screen: String
    var pixelSize: Int
    var gridWidth: Int
    var gridHeight: Int
    /// One fixed step (1/120 s of simulated time), GPU time.
    var stepMs: SampleSummary
    /// Drawing the water over its backdrop at the screen's size, GPU time.
    var renderMs: SampleSummary
    /// Steps a second from the median step: 120 keeps real time.
    var stepsPerSecond: Double
    var cellStepsPerSecond: Double
}

extension WaveBenchResult: SceneBenchRow {
    static let tableHeader = ["screen", "pixel", "grid", "step", "render", "steps/s", "cell-steps/s"]
    var tableCells: [String] {
        [screen, String(pixelSize), "\(gridWidth)x\(gridHeight)", stepMs.tableCell, renderMs.tableCell,
         String(format: "%.1f", stepsPerSecond), NumberText.grouped(cellStepsPerSecond)]
    }
    static let csvHeader = "screen,pixel_size,grid_width,grid_height,step_median_ms,step_p95_ms,render_median_ms,render_p95_ms,steps_per_second,cell_steps_per_second"
    var csvCells: [String] {
        [screen, String(pixelSize), String(gridWidth), String(gridHeight), stepMs.csvCells, renderMs.csvCells, String(stepsPerSecond), String(cellStepsPerSecond)]
    }
}

/// Runs the wave cases on the current GL context, rendering into an offscreen target of each
/// screen's size. The pool is stirred first (a ring of presses), so the steps work on waves.
struct WaveBenchmark {
    let shaders: ShaderSource
    let steps: Int
    let warmup: Int

    func run(screen: (width: Int, height: Int), pixelSize: Int) throws -> WaveBenchResult {
        let field = try WaveField(shaders: shaders)
        let water = try WaterRenderer(shaders: shaders)
        let target = OffscreenTarget(width: screen.width, height: screen.height)
        let stopwatch = GPUStopwatch()
        var parameters = WaveParameters.defaults
        parameters.pixelSize = Float(pixelSize)
        field.resize(width: max(screen.width / pixelSize, 8), height: max(screen.height / pixelSize, 8))
        let stir = (0..<8).map { k -> WaveDisturbance in
            let angle = Float(k) * .pi / 4
            return WaveDisturbance(x: 0.5 + 0.3 * cos(angle), y: 0.5 + 0.3 * sin(angle), strength: 1)
        }
        field.disturb(stir, parameters: parameters)
        var stepTimes: [Double] = [], renderTimes: [Double] = []
        for step in 0..<(warmup + steps) {
            let stepMs = stopwatch.measureNow { field.step(parameters: parameters) }
            let renderMs = stopwatch.measureNow {
                target.bind()
                water.draw(field, parameters: parameters, viewportWidth: screen.width, viewportHeight: screen.height)
            }
            if step >= warmup {
                stepTimes.append(stepMs)
                renderTimes.append(renderMs)
            }
        }
        let step = SampleSummary(stepTimes)
        let perSecond = step.median > 0 ? 1000 / step.median : 0
        return WaveBenchResult(screen: "\(screen.width)x\(screen.height)", pixelSize: pixelSize, gridWidth: field.width, gridHeight: field.height,
                               stepMs: step, renderMs: SampleSummary(renderTimes), stepsPerSecond: perSecond,
                               cellStepsPerSecond: perSecond * Double(field.width * field.height))
    }
}
