import Foundation
import SandSim
import Testing
@testable import ShiftingSands

/// The benchmark end to end, at counts llvmpipe runs in seconds. Tests run a debug build, so
/// every run says --allow-debug, and the debug refusal itself is tested.
@Suite("Benchmark", .serialized)
struct BenchTests {
    @Test("--format json prints one document: the machine, and per mode and grain shape physics, render, steps per second and renderer")
    func json() throws {
        let run = try CommandRun(["bench", "--modes", "cpu,gpu,instanced", "--counts", "60", "--steps", "3", "--warmup", "1", "--format", "json", "--allow-debug"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let system = try #require(report["system"] as? [String: Any])
        #expect(system["build"] as? String == "debug")
        #expect((system["renderer"] as? String ?? "").isEmpty == false)
        #expect((system["cores"] as? Int ?? 0) >= 1)
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.map { $0["mode"] as? String } == ["cpu", "cpu", "gpu", "gpu", "instanced", "instanced"])
        #expect(results.map { $0["grainShape"] as? String } == ["impostor", "mesh", "impostor", "mesh", "impostor", "mesh"], "both shapes by default")
        for result in results {
            let physics = try #require(result["physicsMs"] as? [String: Any])
            let median = try #require(physics["median"] as? Double), p95 = try #require(physics["p95"] as? Double)
            #expect(median > 0 && p95 >= median)
            #expect(physics["count"] as? Int == 3)
            #expect((result["stepsPerSecond"] as? Double ?? 0) > 0)
            #expect((result["renderer"] as? String ?? "").isEmpty == false)
            #expect(result["renderMs"] != nil && result["totalMs"] != nil)
        }
        #expect(results[0]["meshMs"] == nil && results[0]["readbackMs"] == nil)
        #expect(results[2]["readbackMs"] != nil && results[2]["meshMs"] == nil)
        #expect(results[4]["meshMs"] == nil && results[4]["readbackMs"] == nil, "Instanced impostors draw the engine's buffer: no mesh to expand")
        #expect(results[5]["meshMs"] != nil && results[5]["readbackMs"] == nil)
        // Before, the CPU engine, which has no sleep, read as every grain awake beside the
        // compute engines' 0 on the same settled pile.
        #expect(results[0]["awakeAtEnd"] == nil && results[2]["awakeAtEnd"] as? Int != nil, "awake is the compute engines' sleep")
        #expect(run.stderr.contains("bench [6/6] instanced, 60 grains, mesh"), "progress goes to stderr")
    }

    @Test("--format csv --output writes a header and a row per case to the file, nothing to stdout")
    func csvToFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CommandRun(["bench", "--modes", "cpu", "--counts", "60,80", "--grain-shape", "impostor", "--steps", "2", "--warmup", "0", "--format", "csv", "--output", path, "--allow-debug"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("mode,count,grain_shape,substeps,threads,physics_median_ms"))
        #expect(lines[1].hasPrefix("cpu,60,impostor,\(PhysicsConstants.substeps),") && lines[2].hasPrefix("cpu,80,impostor,\(PhysicsConstants.substeps),"))
    }

    @Test("--screenshot saves each case's last offscreen frame, named by case: the glass with its sand in it")
    func screenshots() throws {
        try withTemporaryFolder("bench-pictures") { folder in
            let run = try CommandRun(["bench", "--modes", "cpu,instanced", "--counts", "60", "--grain-shape", "impostor", "--steps", "1", "--warmup", "0",
                                      "--screenshot", folder.appendingPathComponent("b.png").path, "--allow-debug"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            for mode in ["cpu", "instanced"] {
                let picture = try Picture(path: folder.appendingPathComponent("b-\(mode)-60-impostor.png").path)
                #expect(picture.format == "png" && picture.width == 1280 && picture.height == 800)
                // Sand: warm, bright pixels in the glass's middle third, below the neck where it rests.
                var sand = 0
                for row in 400..<700 {
                    for column in 430..<850 {
                        let i = (row * picture.width + column) * 4
                        if picture.pixels[i] > 150 && Int(picture.pixels[i]) > Int(picture.pixels[i + 2]) + 60 { sand += 1 }
                    }
                }
                #expect(sand > 2000, "\(mode): \(sand) sand-coloured pixels in the lower chamber")
            }
            let bad = try CommandRun(["bench", "--modes", "cpu", "--counts", "60", "--screenshot", folder.appendingPathComponent("b.gif").path, "--allow-debug"])
            #expect(bad.status != 0 && bad.stderr.contains("--screenshot") && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
    }

    @Test("the table names the machine and has a row per case; --substeps overrides the rule")
    func table() throws {
        let run = try CommandRun(["bench", "--modes", "gpu", "--counts", "60", "--grain-shape", "mesh", "--steps", "2", "--warmup", "0", "--substeps", "12", "--allow-debug"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("renderer  "))
        #expect(run.stdout.contains("debug build"))
        #expect(run.stdout.split(separator: "\n").contains { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return line.hasPrefix("gpu ") && columns[2] == "mesh" && columns[3] == "12"
        })
    }

    @Test("a debug build refuses to bench unless asked")
    func debugRefusal() throws {
        let run = try CommandRun(["bench", "--counts", "60", "--steps", "1"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("debug build") && run.stderr.split(separator: "\n").count == 1)
    }

    @Test("a case that would take too long on this renderer stops before running and asks for --force")
    func durationGuard() throws {
        let run = try CommandRun(["bench", "--modes", "cpu,instanced", "--counts", "100000,1000000", "--allow-debug"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--force") && run.stderr.contains("cpu 1000000") && run.stderr.contains("instanced 1000000"))
        #expect(!run.stderr.contains("cpu 100000 "), "the CPU engine's grid keeps 100,000 grains within patience")
        #expect(!run.stderr.contains("instanced 100000 "), "the grid keeps 100,000 compute grains within patience")
    }

    @Test("counts beyond a mode's range in the app are measured, with a warning")
    func outOfRangeWarning() throws {
        let run = try CommandRun(["bench", "--modes", "cpu", "--counts", "20", "--grain-shape", "impostor", "--steps", "1", "--warmup", "0", "--allow-debug"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("grains is outside CPU mode's range, 50–50,000; measuring it anyway"), "stderr: \(run.stderr)")
        #expect(run.stdout.contains("cpu "))
    }

    /// Before, the four said it four ways ("count 60,000 is outside cpu mode's range: give…",
    /// "60000 grains is outside the app's cpu range 50–50000", "… is outside 50–50,000; using …").
    @Test("a count out of a mode's range gets the same words from run, simulate, bench and the overlay's box")
    func outOfRangeWordsAgree() throws {
        let words = "20 grains is outside CPU mode's range, 50–50,000"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = try [
            CommandRun(["run", "--mode", "cpu", "--count", "20"], environment: ["DISPLAY": "", "XDG_CONFIG_HOME": folder.path]).stderr,
            CommandRun(["simulate", "--mode", "cpu", "--count", "20"]).stderr,
            CommandRun(["bench", "--modes", "cpu", "--counts", "20", "--grain-shape", "impostor", "--steps", "1", "--warmup", "0", "--allow-debug"]).stderr,
        ] + [TypedEntry.count("20", range: PhysicsMode.cpu.countRange, mode: .cpu).message ?? ""]
        for text in said {
            #expect(text.contains(words), "\(text)")
        }
    }
}
