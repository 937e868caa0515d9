import Foundation
import SandGL
import SandSim

/// `bench --baseline OLD.json`: this run's figures beside an earlier run's (what `bench --format
/// json` wrote), with the ratio, marked where they differ by more than the steps' spread, as
/// Google Benchmark's compare tool and hyperfine mark theirs.
struct BenchBaseline {
    let old: BenchReport

    /// A change no smaller than this share is marked even where the spread is wider; one smaller
    /// is not, however narrow the spread (this machine's runs drift by a few percent).
    static let smallestChange = 0.05

    enum Verdict: String {
        case slower, faster, same = ""
    }

    /// Reads a report `bench --format json` wrote, or says in one line why it cannot.
    static func read(_ path: String) throws -> BenchBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("--baseline \(path): cannot read the file")
        }
        // Another scene's report says which it is: baselines are for the hourglass bench.
        struct SceneOnly: Decodable { struct Settings: Decodable { var scene: String }; var settings: Settings }
        if let other = try? JSONDecoder().decode(SceneOnly.self, from: data), other.settings.scene != "hourglass" {
            throw CommandError("--baseline \(path) is a report of the \(other.settings.scene) scene; a baseline is for the hourglass bench")
        }
        do {
            return BenchBaseline(old: try JSONDecoder().decode(BenchReport.self, from: data))
        } catch {
            throw CommandError("--baseline \(path) is not a report `bench --format json` wrote (\(Self.describe(error)))")
        }
    }

    /// The old run's cases, in its order.
    var cases: [(mode: PhysicsMode, count: Int, shape: GrainShape)] {
        old.results.map { ($0.mode, $0.count, $0.grainShape) }
    }

    /// A time a case took, and how far it moved from run to run.
    struct Figure {
        /// The median of the case's result: the middle repetition's (`BenchResult.merged`), as
        /// the report's own table shows it.
        var ms: Double
        /// The range of the repetitions' medians; for a single run, the width of its median's
        /// notch (the steps' spread, which misses the machine's drift between runs).
        var spread: Double

        init(ms: Double, spread: Double) {
            self.ms = ms
            self.spread = spread
        }

        init(_ summary: SampleSummary, repetitions: [Double]?) {
            ms = summary.median
            if let repetitions, repetitions.count > 1, let low = repetitions.min(), let high = repetitions.max() {
                spread = high - low
            } else {
                spread = 2 * summary.notch
            }
        }
    }

    /// Times: larger is slower. Slower or faster where the change is wider than the two runs'
    /// spreads together (the ranges of their repetitions could not meet) and at least
    /// `smallestChange`.
    static func verdict(old: Figure, new: Figure) -> Verdict {
        let change = new.ms - old.ms
        guard old.ms > 0, abs(change) > old.spread + new.spread, abs(change) / old.ms >= smallestChange else { return .same }
        return change > 0 ? .slower : .faster
    }

    /// The comparison, a row a case found in both runs.
    func table(new: BenchReport) -> String {
        var lines: [String] = []
        lines.append("baseline  \(old.system.renderer); \(old.system.cpu), \(old.system.cores) cores; \(old.system.build) build of \(old.system.version); \(old.system.date)")
        lines.append("this run  \(new.system.renderer); \(new.system.cpu), \(new.system.cores) cores; \(new.system.build) build of \(new.system.version); \(new.system.date)")
        let differs = [(old.system.renderer != new.system.renderer, "renderer"), (old.system.cpu != new.system.cpu || old.system.cores != new.system.cores, "processor"),
                       (old.system.build != new.system.build, "build"), (old.settings.scenario != new.settings.scenario, "scenario"),
                       (old.settings.substeps != new.settings.substeps, "substeps"),
                       (old.settings.steps != new.settings.steps || old.settings.warmup != new.settings.warmup, "steps")].filter(\.0).map(\.1)
        if !differs.isEmpty { lines.append("note: the runs differ in \(differs.joined(separator: ", ")): the ratios compare those too") }
        lines.append("ms a step, the middle repetition's medians (by its total, as in the table above): old → new (new/old); marked where the change is wider than both runs' spreads between repetitions together and at least \(Int(Self.smallestChange * 100))%")
        lines.append("")
        var rows = [["mode", "grains", "shape", "physics", "", "render", "", "total", "", "steps/s"]]
        for result in new.results {
            guard let before = old.results.first(where: { $0.mode == result.mode && $0.count == result.count && $0.grainShape == result.grainShape }) else { continue }
            var row = [result.mode.rawValue, NumberText.whole(result.count), result.grainShape.rawValue]
            for (o, n) in Self.figures(before).indices.map({ (Self.figures(before)[$0], Self.figures(result)[$0]) }) {
                row += [String(format: "%.3f → %.3f (%.2f×)", o.ms, n.ms, o.ms > 0 ? n.ms / o.ms : 0), Self.verdict(old: o, new: n).rawValue]
            }
            row.append(String(format: "%.1f → %.1f", before.stepsPerSecond, result.stepsPerSecond))
            rows.append(row)
        }
        if rows.count == 1 { lines.append("no case of this run is in the baseline") } else { lines += TextTable.format(rows) }
        return lines.joined(separator: "\n")
    }

    /// Physics, render and total.
    private static func figures(_ result: BenchResult) -> [Figure] {
        [Figure(result.physicsMs, repetitions: result.repetitions?.physicsMs), Figure(result.renderMs, repetitions: result.repetitions?.renderMs),
         Figure(result.totalMs, repetitions: result.repetitions?.totalMs)]
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            context.debugDescription
        default: "\(error)"
        }
    }
}
