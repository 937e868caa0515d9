import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SandSim
@testable import ShiftingSands

/// An SVG read back: its elements with their attributes, in document order.
final class SVGElements: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var texts: [String] = []

    init(file: URL) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: file))
        parser.delegate = self
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((name, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        texts.append(string)
    }

    func named(_ name: String, class kind: String? = nil) -> [[String: String]] {
        elements.filter { $0.name == name && (kind == nil || $0.attributes["class"] == kind) }.map(\.attributes)
    }

    /// Points of a polyline's `points` attribute.
    static func points(_ attributes: [String: String]) -> [(Double, Double)] {
        (attributes["points"] ?? "").split(separator: " ").compactMap { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
    }
}

@Suite("Plots and baselines", .serialized)
struct PlotTests {
    /// rsvg-convert (scripts/install-deps) renders the SVG to a PNG an image decoder reads.
    private func renders(_ svg: URL) throws -> Picture {
        let png = svg.deletingPathExtension().appendingPathExtension("png")
        let run = try CommandRun(tool: "rsvg-convert", ["-o", png.path, svg.path])
        #expect(run.status == 0, "rsvg-convert could not render \(svg.lastPathComponent): \(run.stderr)")
        return try Picture(path: png.path)
    }

    @Test("bench --plot: a line per mode and shape through each count, a bar segment per stage and case, a title naming the renderer, machine and version")
    func benchPlot() throws {
        try withTemporaryFolder("sands-plot") { folder in
            let svg = folder.appendingPathComponent("b.svg")
            let run = try CommandRun(["bench", "--modes", "cpu,gpu", "--counts", "60,120", "--grain-shape", "impostor", "--steps", "2", "--warmup", "0",
                                      "--plot", svg.path, "--allow-debug"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let plot = try SVGElements(file: svg)
            let series = plot.named("polyline", class: "series")
            #expect(series.map { $0["data-name"] ?? "" } == ["cpu, impostor", "gpu, impostor", "60 a second"])
            #expect(series.prefix(2).allSatisfy { SVGElements.points($0).count == 2 }, "a point per count")
            let bars = plot.named("rect", class: "bar")
            #expect(Set(bars.compactMap { $0["data-name"] }).isSuperset(of: ["physics", "grains"]), "stages in the bars")
            #expect(bars.count >= 8, "at least physics and grains for each of four cases: \(bars.count)")
            let words = plot.texts.joined(separator: " ")
            #expect(words.contains("llvmpipe") || words.contains("renderer") || words.contains("GL"), "the renderer is named")
            #expect(words.contains(AppVersion.current) && words.contains("cores"), "version and machine are named")
            let picture = try renders(svg)
            #expect(picture.width == 900 && picture.height > 600)
        }
    }

    @Test("simulate --plot: the drain, its ideal straight line from the start to the timer's end, and that end marked")
    func simulatePlot() throws {
        try withTemporaryFolder("sands-plot") { folder in
            let svg = folder.appendingPathComponent("s.svg")
            let run = try CommandRun(["simulate", "--count", "60", "--duration", "5", "--settle", "0.5", "--landing", "0.5", "--plot", svg.path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let plot = try SVGElements(file: svg)
            let series = plot.named("polyline", class: "series")
            let drain = try #require(series.first { $0["data-name"] == "grains above the neck" })
            #expect(SVGElements.points(drain).count >= 55, "a sample every 0.1 s over 6 s or more")
            let ideal = try #require(series.first { $0["data-name"] == "ideal: a steady drain" })
            let line = SVGElements.points(ideal)
            #expect(line.count == 2 && line[0].1 < line[1].1, "the ideal line falls from all the grains to none")
            let end = try #require(plot.named("line", class: "mark").first { $0["data-name"] == "timer ends" })
            #expect(abs((Double(end["x1"] ?? "") ?? 0) - line[1].0) < 0.2, "the timer's end is where the ideal line reaches none")
            #expect(plot.texts.joined().contains("60 grains"))
            _ = try renders(svg)
        }
    }

    /// Before, a run the hand began was not counted, so its plot had no line to follow.
    @Test("simulate --turn --plot: a held flip has its ideal line; a glass never let go past the quarter turn says no timer ran", arguments: [
        ("0@0.5,180@1.1,180@2", true), ("0@0.5,70@1,70@1.5", false),
    ])
    func handPlot(turn: String, ran: Bool) throws {
        try withTemporaryFolder("sands-plot") { folder in
            let svg = folder.appendingPathComponent("s.svg")
            let run = try CommandRun(["simulate", "--count", "60", "--duration", "5", "--turn", turn, "--plot", svg.path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let plot = try SVGElements(file: svg)
            let ideal = plot.named("polyline", class: "series").first { $0["data-name"] == "ideal: a steady drain" }
            #expect((ideal != nil) == ran)
            #expect(plot.texts.joined().contains("No run of the timer") == !ran)
        }
    }

    @Test("a plot axis: nice ticks, log decades, a value's place along it")
    func axis() {
        let linear = SVGPlot.Axis.fitting([0.3, 9.2], label: "")
        #expect(linear.range == 0...10 && linear.ticks == [0, 2, 4, 6, 8, 10])
        let log = SVGPlot.Axis.fitting([250, 50_000], label: "", logarithmic: true)
        #expect(log.range == 100...100_000 && log.ticks == [100, 1000, 10_000, 100_000])
        #expect(abs(log.fraction(1000) - 1.0 / 3) < 1e-9 && linear.fraction(5) == 0.5)
        #expect(SVGPlot.escape("a < b & \"c\"") == "a &lt; b &amp; &quot;c&quot;")
    }

    @Test("baseline arithmetic: a change is marked only past both runs' spreads together and 5%")
    func verdicts() {
        typealias F = BenchBaseline.Figure
        #expect(BenchBaseline.verdict(old: F(ms: 10, spread: 1), new: F(ms: 11.4, spread: 0.5)) == .same, "within the two spreads")
        #expect(BenchBaseline.verdict(old: F(ms: 10, spread: 1), new: F(ms: 11.6, spread: 0.5)) == .slower)
        #expect(BenchBaseline.verdict(old: F(ms: 10, spread: 0.1), new: F(ms: 8, spread: 0.1)) == .faster)
        #expect(BenchBaseline.verdict(old: F(ms: 10, spread: 0.01), new: F(ms: 10.3, spread: 0.01)) == .same, "under 5%")
        #expect(BenchBaseline.verdict(old: F(ms: 10, spread: 0.2), new: F(ms: 12, spread: 2.5)) == .same, "the new run's spread counts too")
        // The result's own median (the middle repetition's by total, as the report's table shows
        // it), not each figure's median across the repetitions; their range is the spread.
        let repeated = F(.init([12]), repetitions: [10, 12, 11])
        #expect(repeated.ms == 12 && repeated.spread == 2)
    }

    @Test("bench --baseline: the same cases again with their ratios, and a case four times slower marked slower")
    func baseline() throws {
        try withTemporaryFolder("sands-plot") { folder in
            let old = folder.appendingPathComponent("old.json").path
            let first = try CommandRun(["bench", "--modes", "cpu", "--counts", "200", "--grain-shape", "impostor", "--steps", "5", "--warmup", "1",
                                        "--repetitions", "3", "--format", "json", "--output", old, "--allow-debug"])
            #expect(first.status == 0, "stderr: \(first.stderr)")
            let report = try JSONDecoder().decode(BenchReport.self, from: try Data(contentsOf: URL(fileURLWithPath: old)))
            #expect(report.results.first?.repetitions?.totalMs.count == 3)
            #expect(!report.system.renderer.isEmpty && !report.system.version.isEmpty && report.system.build == "debug")
            let again = try CommandRun(["bench", "--baseline", old, "--steps", "5", "--warmup", "1", "--substeps", "96", "--allow-debug"])
            #expect(again.status == 0, "stderr: \(again.stderr)")
            let row = try #require(again.stdout.split(separator: "\n").last { $0.hasPrefix("cpu ") })
            #expect(row.split(separator: "×").count == 4, "a ratio for physics, render and total: \(row)")
            #expect(again.stdout.contains("the runs differ in substeps"))
            // The marks, on this run's own figures made four times slower, with repetitions that
            // agree: a second run's verdict hung on the machine's load (CI runs, 2026-11-27 and
            // 28: four times the substeps, 3.36 times the physics, read "same" beside one
            // repetition's median 3.4 ms off the others).
            let marked = try #require(BenchBaseline(old: Self.steady(report, times: 1)).table(new: Self.steady(report, times: 4))
                .split(separator: "\n").last { $0.hasPrefix("cpu ") })
            #expect(marked.components(separatedBy: "slower").count == 4, "physics, render and total marked: \(marked)")
            let missing = try CommandRun(["bench", "--baseline", folder.appendingPathComponent("none.json").path, "--allow-debug"])
            #expect(missing.status != 0 && missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("--baseline"), "\(missing.stderr)")
            let waves = folder.appendingPathComponent("waves.json")
            try Data(#"{"settings": {"scene": "waves", "steps": 1, "warmup": 1}, "results": []}"#.utf8).write(to: waves)
            let scene = try CommandRun(["bench", "--baseline", waves.path, "--allow-debug"])
            #expect(scene.status != 0 && scene.stderr.contains("is a report of the waves scene; a baseline is for the hourglass bench"), "\(scene.stderr)")
        }
    }

    /// A report's figures times `times`, each repetition's the same: a comparison of two of
    /// them marks only what the factor does.
    static func steady(_ report: BenchReport, times: Double) -> BenchReport {
        func scaled(_ summary: SampleSummary) -> SampleSummary {
            var summary = summary
            summary.median *= times
            summary.p95 *= times
            summary.p25 = summary.p25.map { $0 * times }
            summary.p75 = summary.p75.map { $0 * times }
            return summary
        }
        var report = report
        report.results = report.results.map { result in
            var result = result
            result.physicsMs = scaled(result.physicsMs)
            result.renderMs = scaled(result.renderMs)
            result.totalMs = scaled(result.totalMs)
            result.repetitions = .init(physicsMs: Array(repeating: result.physicsMs.median, count: 3), renderMs: Array(repeating: result.renderMs.median, count: 3),
                                       totalMs: Array(repeating: result.totalMs.median, count: 3))
            return result
        }
        return report
    }
}
