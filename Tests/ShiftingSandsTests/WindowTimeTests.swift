import Foundation
import Testing

/// A trace the window wrote with `run --trace`: one row a frame.
struct WindowTraceFile {
    let columns: [String]
    let rows: [[String]]

    init(path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        columns = lines.first ?? []
        rows = Array(lines.dropFirst())
    }

    func values(_ column: String) -> [Double?] {
        guard let index = columns.firstIndex(of: column) else { return [] }
        return rows.map { Double($0[index]) }
    }

    func strings(_ column: String) -> [String] {
        guard let index = columns.firstIndex(of: column) else { return [] }
        return rows.map { $0[index] }
    }
}

@Suite("The window keeps time (under Xvfb)", .serialized, .enabled(if: VirtualDisplay.xvfb != nil, "Xvfb is not installed"))
struct WindowTimeTests {
    /// A fresh folder for the settings and the trace (`folder/trace.csv`), with `settings` as
    /// the hourglass's saved settings.
    func folder(settings: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shifting-sands"), withIntermediateDirectories: true)
        if let settings { try settings.write(to: folder.appendingPathComponent("shifting-sands/settings.json"), atomically: true, encoding: .utf8) }
        try MachineFitSeed.write(in: folder)
        return folder
    }

    func runWindow(_ arguments: [String], in folder: URL) throws -> CommandRun {
        let display = try VirtualDisplay()
        return try CommandRun(["run"] + arguments, environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": folder.path])
    }

    @Test("at 5 frames a second, at the default size with the overlay, a 5 s timer empties in 5 s of wall-clock time")
    func fiveFramesASecond() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trace.csv").path
        let run = try runWindow(["--mode", "cpu", "--count", "250", "--duration", "5", "--autostart", "--fps-cap", "5",
                                 "--quit-after", "11", "--trace", path], in: folder)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let trace = try WindowTraceFile(path: path)
        let wall = trace.values("wall").compactMap { $0 }, simulated = trace.values("simulated").compactMap { $0 }
        let phase = trace.strings("phase"), elapsed = trace.values("elapsed").compactMap { $0 }, upper = trace.values("upper")
        let fps = trace.values("fps").compactMap { $0 }, slowMotion = trace.values("slowMotion").compactMap { $0 }
        // Capped at 5 frames a second (fewer where the machine is busy), and from the first
        // second on, simulated time follows the wall clock: the sand never falls behind it.
        #expect(wall.count >= 15 && wall.count <= 60, "at most 5 frames a second for 11 s: \(wall.count) rows")
        let settled = try #require(wall.firstIndex { $0 >= 1 })
        #expect(fps[settled...].allSatisfy { $0 <= 5.5 }, "capped at 5 fps: \(fps)")
        #expect(slowMotion[settled...].allSatisfy { $0 == 1 }, "slow motion: \(slowMotion)")
        let drift = zip(wall, simulated).map { $1 - $0 }[settled...]
        #expect((drift.max() ?? 0) - (drift.min() ?? 0) < 0.01, "simulated minus wall seconds drifted: \(drift)")
        // The run starts at some frame: its wall time less the timer's seconds into it.
        let first = try #require(phase.firstIndex(of: "running"))
        let start = wall[first] - elapsed[first]
        let emptyAt = try #require(trace.values("emptyAt").compactMap { $0 }.first)
        #expect(abs(emptyAt - 5) <= 0.25, "the upper chamber empties \(emptyAt) s into the 5 s timer")
        let emptied = try #require(upper.indices.first { $0 > first && upper[$0] == 0 })
        // The frame that found it empty and the one before bracket that moment on the wall clock.
        #expect(wall[emptied - 1] - 0.01 <= start + emptyAt && start + emptyAt <= wall[emptied] + 0.01,
                "the rows put the empty chamber between \(wall[emptied - 1] - start) and \(wall[emptied] - start) s of wall clock")
        // The sand above never climbs the glass under gravity and taps.
        let running = upper[first...].compactMap { $0 }
        let climb = zip(running, running.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(climb <= 3, "the grains above rose by \(climb) in a frame")
    }

    @Test("a minute's timer, paused for 5 s 20 s into it, empties 65 s of wall clock after it began, the sand and the clock stopped together",
          .enabled(if: InteractiveApp.xdotool != nil, "xdotool is not installed"))
    func pausedMinute() throws {
        // Beside the app's folder, which goes with the app.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sands-minute-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try InteractiveApp(["--mode", "cpu", "--count", "250", "--duration", "60", "--autostart", "--trace", path])
        // The app waited about 2 s for its window; the run starts 3.2 s after launch.
        Thread.sleep(forTimeInterval: 21.5)
        try app.xdotool(["key", "p"])
        Thread.sleep(forTimeInterval: 5)
        try app.xdotool(["key", "p"])
        Thread.sleep(forTimeInterval: 45)
        try app.xdotool(["key", "Escape"])
        #expect(app.exitStatus(within: 15) == 0)
        let trace = try WindowTraceFile(path: path)
        let wall = trace.values("wall").compactMap { $0 }, simulated = trace.values("simulated").compactMap { $0 }
        let phase = trace.strings("phase"), elapsed = trace.values("elapsed").compactMap { $0 }, upper = trace.values("upper")
        let first = try #require(phase.firstIndex(of: "running"))
        let start = wall[first] - elapsed[first]
        let emptyAt = try #require(trace.values("emptyAt").compactMap { $0 }.last)
        #expect(abs(emptyAt - 60) <= 1.2, "the upper chamber empties \(emptyAt) s of timer into the minute")
        // Paused: a stretch of about 5 s of wall clock over which neither the clock nor the timer moved.
        let stills = zip(zip(wall, wall.dropFirst()), zip(simulated, simulated.dropFirst())).filter { $0.1.0 == $0.1.1 }.map { $0.0.1 - $0.0.0 }
        let paused = stills.reduce(0, +)
        #expect(abs(paused - 5) < 0.6, "paused for \(paused) s of wall clock")
        // The trace says so in its own column (its phase said only "running": issue 50).
        let pausedRows = trace.values("paused").compactMap { $0 }
        let pausedWall = zip(zip(wall, wall.dropFirst()), pausedRows.dropFirst()).filter { $0.1 == 1 }.map { $0.0.1 - $0.0.0 }.reduce(0, +)
        #expect(abs(pausedWall - 5) < 0.6, "the paused column covers \(pausedWall) s")
        let emptied = try #require(upper.indices.first { $0 > first && upper[$0] == 0 })
        #expect(abs(wall[emptied] - start - 65) <= 1.3, "empty \(wall[emptied] - start) s of wall clock after the run began")
    }

    @Test("a settings file's impossible values start the window with one line naming each key and the value used")
    func impossibleSettings() throws {
        let folder = try folder(settings: #"{"mode": "cpu", "duration": 5, "randomColors": false, "counts": {"cpu": -7, "gpu": 1000, "instanced": 2000}, "sizes": {"cpu": 9, "gpu": 1, "instanced": 1}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runWindow(["--quit-after", "2"], in: folder)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("counts.cpu -7 is out of range, using 50") && lines[0].contains("sizes.cpu 9 is out of range, using 1.5"),
                "stderr: \(run.stderr)")
    }

    @Test("settings that cannot be saved are said in one line naming the file and why; the window goes on")
    func unsavable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the settings' folder should be.
        try "".write(to: folder.appendingPathComponent("shifting-sands"), atomically: true, encoding: .utf8)
        let run = try runWindow(["--count", "300", "--quit-after", "2"], in: folder)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // Nothing kept, the machine is measured at this start too (one line), and app.json is as
        // unsavable as settings.json.
        let lines = run.stderr.split(separator: "\n")
        let unsaved = lines.filter { $0.hasPrefix("shifting-sands: cannot save settings to \(folder.path)/shifting-sands/") }
        #expect(unsaved.contains { $0.contains("/settings.json: ") } && unsaved.contains { $0.contains("/app.json: ") }, "stderr: \(run.stderr)")
        #expect(lines.allSatisfy { unsaved.contains($0) || $0.hasPrefix("shifting-sands: measuring how many grains") }, "stderr: \(run.stderr)")
    }
}
