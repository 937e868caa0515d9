import Foundation
import GLSupport

/// `bench --plot`: steps a second against grains for each mode and grain shape (log–log), and
/// what each case's frame spent in each stage.
extension BenchReport {
    var plot: SVGPlot {
        var plot = SVGPlot(title: "ShiftingSands bench, \(settings.scenario) pile",
                           subtitle: "\(system.renderer) · \(system.cpu), \(system.cores) cores · \(system.build) build \(system.version) · \(system.surface) · \(system.date)")
        var names: [String] = []
        for result in results where !names.contains(Self.seriesName(result)) { names.append(Self.seriesName(result)) }
        let series = names.enumerated().map { index, name in
            let points = results.filter { Self.seriesName($0) == name }.map { (x: Double($0.count), y: $0.stepsPerSecond) }.sorted { $0.x < $1.x }
            let mesh = results.first { Self.seriesName($0) == name }?.grainShape == .mesh
            return SVGPlot.Series(name: name, points: points, colour: SVGPlot.palette[index % SVGPlot.palette.count], dashed: mesh)
        }
        let counts = results.map { Double($0.count) }
        let x = SVGPlot.Axis.fitting(counts, label: "grains", logarithmic: true)
        let realTime = SVGPlot.Series(name: "60 a second", points: [(x.range.lowerBound, 60), (x.range.upperBound, 60)], colour: "#999", dashed: true, markers: false)
        let y = SVGPlot.Axis.fitting(results.map(\.stepsPerSecond) + [60], label: "steps a second (a frame of 1/60 s: physics and drawing)", logarithmic: true)
        plot.addLines(title: "Steps a second against grains", x: x, y: y, series: series + [realTime])
        let stages = Benchmark.stages
        plot.addBars(title: "Where a step's time goes (median ms, each stage waiting for the GL)", unit: "ms a step",
                     rows: results.map { "\($0.mode.rawValue) \(NumberText.whole($0.count)) \($0.grainShape.rawValue)" },
                     segments: stages.enumerated().map { ($1.rawValue, SVGPlot.palette[$0 % SVGPlot.palette.count]) },
                     values: results.map { result in stages.map { result.stagesMs[$0.rawValue]?.median ?? 0 } })
        return plot
    }

    private static func seriesName(_ result: BenchResult) -> String {
        "\(result.mode.rawValue), \(result.grainShape.rawValue)"
    }
}
