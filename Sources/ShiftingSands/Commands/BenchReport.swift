import Foundation
import SandGL
import SandSim

/// The benchmark's output: the machine, the settings, and a result per case.
struct BenchReport: Codable {
    struct Settings: Codable {
        var scene = "hourglass"
        var steps: Int
        var warmup: Int
        var substeps: String
        var scenario: String
    }

    var system: BenchSystem
    var settings: Settings
    var results: [BenchResult]

    enum Format: String, CaseIterable {
        case table, json, csv
    }

    func formatted(_ format: Format) throws -> String {
        switch format {
        case .json: try Console.json(self)
        case .csv: csv
        case .table: table
        }
    }

    private static func ms(_ summary: SampleSummary?) -> String {
        guard let summary else { return "–" }
        return String(format: "%.3f / %.3f", summary.median, summary.p95)
    }

    /// Bytes as a person reads them: 4 B, 32 kB, 1.6 MB.
    static func bytes(_ count: Int) -> String {
        switch count {
        case ..<1_000: "\(count) B"
        case ..<1_000_000: String(format: "%.0f kB", Double(count) / 1e3)
        default: String(format: "%.1f MB", Double(count) / 1e6)
        }
    }

    private var table: String {
        let lines = [
            "renderer  \(system.renderer) (OpenGL \(system.glVersion))",
            "cpu       \(system.cpu), \(system.cores) cores; \(system.build) build of shifting-sands \(system.version); \(system.date)",
            "surface   \(system.surface); \(settings.scenario) pile; \(settings.warmup) warm-up + \(settings.steps) timed steps; substeps \(settings.substeps)",
            "times are ms per step, median / p95; GPU stages timed by \(results.first?.gpuTiming.rawValue ?? "–")",
            "",
        ]
        let header = ["mode", "grains", "shape", "sub", "threads", "physics", "mesh", "readback", "read back/frame", "render", "total", "steps/s", "grain-substeps/s", "issue", "dispatches issued", "barriers issued", "sorts", "awake"]
        var rows = [header]
        for r in results {
            rows.append([
                r.mode.rawValue, String(r.count), r.grainShape.rawValue, String(r.substeps), String(r.threads), Self.ms(r.physicsMs), Self.ms(r.meshMs), Self.ms(r.readbackMs),
                Self.bytes(r.readbackBytesPerFrame), Self.ms(r.renderMs), Self.ms(r.totalMs), String(format: "%.1f", r.stepsPerSecond),
                NumberText.grouped(r.grainSubstepsPerSecond), Self.ms(r.issueMs), r.dispatchesIssuedPerStep.map { String(format: "%.0f", $0) } ?? "–",
                r.barriersIssuedPerStep.map { String(format: "%.0f", $0) } ?? "–", r.sortsPerStep.map { String(format: "%.2f", $0) } ?? "–", r.awakeAtEnd.map(String.init) ?? "–",
            ])
        }
        // Where a frame goes, in the window trace's words: a second table, the first is wide.
        var stageRows = [["mode", "grains", "shape"] + Benchmark.stages.map(\.rawValue)]
        for r in results {
            stageRows.append([r.mode.rawValue, String(r.count), r.grainShape.rawValue] + Benchmark.stages.map { Self.ms(r.stagesMs[$0.rawValue]) })
        }
        return (lines + TextTable.format(rows) + ["", "each stage of a frame, waiting for the GL (ms, median / p95):"] + TextTable.format(stageRows))
            .joined(separator: "\n")
    }

    private var csv: String {
        let header = "mode,count,grain_shape,substeps,threads,physics_median_ms,physics_p95_ms,mesh_median_ms,mesh_p95_ms,readback_median_ms,readback_p95_ms,readback_bytes_per_frame,render_median_ms,render_p95_ms,total_median_ms,total_p95_ms,steps_per_second,grain_substeps_per_second,issue_median_ms,issue_p95_ms,dispatches_issued_per_step,barriers_issued_per_step,sorts_per_step,awake_at_end,\(Benchmark.stages.map { "\($0.rawValue)_median_ms" }.joined(separator: ",")),physics_on,renderer,build,version,date"
        let rows = results.map { r in
            let optional = { (s: SampleSummary?) in s.map { "\($0.median),\($0.p95)" } ?? "," }
            let stages: [String] = Benchmark.stages.map { r.stagesMs[$0.rawValue].map { String($0.median) } ?? "" }
            let figures: [String] = [
                r.mode.rawValue, String(r.count), r.grainShape.rawValue, String(r.substeps), String(r.threads), "\(r.physicsMs.median),\(r.physicsMs.p95)", optional(r.meshMs),
                optional(r.readbackMs), String(r.readbackBytesPerFrame), "\(r.renderMs.median),\(r.renderMs.p95)", "\(r.totalMs.median),\(r.totalMs.p95)",
                String(r.stepsPerSecond), String(r.grainSubstepsPerSecond), optional(r.issueMs), r.dispatchesIssuedPerStep.map { String($0) } ?? "",
                r.barriersIssuedPerStep.map { String($0) } ?? "", r.sortsPerStep.map { String($0) } ?? "", r.awakeAtEnd.map(String.init) ?? "",
            ]
            let machine: [String] = ["\"\(r.physicsOn)\"", "\"\(r.renderer)\"", system.build, system.version, system.date]
            return (figures + stages + machine).joined(separator: ",")
        }
        return ([header] + rows).joined(separator: "\n")
    }
}


