import GLSupport
import SandSim

/// One case of a scene's benchmark, as the report prints it: its cells in the table and in the
/// CSV (the JSON is the row as it is).
protocol SceneBenchRow: Codable {
    static var tableHeader: [String] { get }
    var tableCells: [String] { get }
    static var csvHeader: String { get }
    var csvCells: [String] { get }
}

/// The benchmark of a scene beside the hourglass: the system lines, the settings and a row a
/// case, as a table, JSON or CSV, laid out as the hourglass's report is.
struct SceneBenchReport<Row: SceneBenchRow>: Encodable {
    struct Settings: Codable {
        var scene: String
        var steps: Int
        var warmup: Int
        /// The one screen every case drew at, where they share one.
        var screen: String?
    }

    var system: BenchSystem
    var settings: Settings
    var gpuTiming: GPUStopwatch.Method
    var results: [Row]
    /// What each case ran, for the table's surface line ("5 warm-up + 30 timed steps of 1/120 s").
    var run: String

    private enum CodingKeys: String, CodingKey { case system, settings, gpuTiming, results }

    func formatted(_ format: BenchReport.Format) throws -> String {
        switch format {
        case .json: try Console.json(self)
        case .csv: csv
        case .table: table
        }
    }

    private var table: String {
        let lines = [
            "renderer  \(system.renderer) (OpenGL \(system.glVersion))",
            "cpu       \(system.cpu), \(system.cores) cores; \(system.build) build of shifting-sands \(system.version); \(system.date)",
            "surface   \(system.surface); \(settings.scene) scene; \(run)",
            "times are ms, median / p95; GPU time by \(gpuTiming.rawValue)",
            "",
        ]
        return (lines + TextTable.format([Row.tableHeader] + results.map(\.tableCells))).joined(separator: "\n")
    }

    private var csv: String {
        let rows = results.map { r in
            (r.csvCells + ["\"\(system.renderer)\"", system.build, system.version, system.date]).joined(separator: ",")
        }
        return ([Row.csvHeader + ",renderer,build,version,date"] + rows).joined(separator: "\n")
    }
}

extension SampleSummary {
    /// "median / p95" for a table cell.
    var tableCell: String { String(format: "%.3f / %.3f", median, p95) }
    /// "median,p95" for two CSV cells.
    var csvCells: String { "\(median),\(p95)" }
}
