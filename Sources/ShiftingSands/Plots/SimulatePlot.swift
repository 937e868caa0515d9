import Foundation
import SandSim

/// `simulate --plot`: the grains above the neck against time, beside the straight line a
/// perfect timer would draw from each start to its end, with the timer's end and the taps marked.
struct SimulatePlot {
    var result: HeadlessRun.Result
    var duration: Float
    var mode: PhysicsMode
    var renderer: String?

    /// Runs of the timer drawn with their ideal line and end; more would only clutter.
    static let runsMarked = 5

    var plot: SVGPlot {
        let count = result.grains.count
        let machine = MachineDescription.current
        let flips = result.runStarts.count > 1 ? ", \(result.runStarts.count) flips" : ""
        var plot = SVGPlot(title: "ShiftingSands simulate: \(mode.displayName), \(NumberText.whole(count)) grains, \(DurationText.shown(duration)) timer\(flips)",
                           subtitle: "\(renderer ?? "CPU engine, no GL") · \(machine.cpu), \(machine.cores) cores · \(BuildConfiguration.name) build \(AppVersion.current)")
        let trace = result.trace.map { (x: Double($0.time), y: Double($0.upper)) }
        var series = [SVGPlot.Series(name: "grains above the neck", points: trace, colour: SVGPlot.palette[0], markers: false)]
        var marks: [SVGPlot.Mark] = []
        for (index, start) in result.runStarts.prefix(Self.runsMarked).enumerated() {
            let end = Double(start + duration)
            series.append(SVGPlot.Series(name: index == 0 ? "ideal: a steady drain" : "", points: [(Double(start), Double(count)), (end, 0)],
                                         colour: "#888", dashed: true, markers: false))
            marks.append(SVGPlot.Mark(x: end, label: "timer ends", colour: SVGPlot.palette[2]))
        }
        marks += result.tapTimes.map { SVGPlot.Mark(x: Double($0), label: "taps", colour: SVGPlot.palette[1]) }
        let x = SVGPlot.Axis.fitting(trace.map(\.x), label: "simulated seconds (settling, the flip, the timer, the landing)")
        // Headroom, so the full chamber's plateau stands clear of the frame.
        let y = SVGPlot.Axis.fitting([0, Double(count) * 1.08], label: "grains above the neck")
        // A hand that never let go past the quarter turn ran no timer: nothing drained.
        let title = result.runStarts.isEmpty ? RunSummary.noRun.prefix(1).uppercased() + RunSummary.noRun.dropFirst() : "The upper chamber drains"
        plot.addLines(title: title, x: x, y: y, series: series, marks: marks)
        return plot
    }
}
