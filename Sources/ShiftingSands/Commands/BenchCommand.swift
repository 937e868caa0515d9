import ArgumentParser
import Foundation
import SandGL
import GLSupport
import SandSim
import Sparkles
import Titanium
import Waves

extension BenchReport.Format: ExpressibleByArgument {}

/// Measures each mode at each count: physics, mesh expansion, readback and rendering per step;
/// or, with `--scene waves`, the wave pool's step and drawing at each screen size.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the engines: per-step physics, mesh, readback and render times, for each grain shape.",
        discussion: "Headless (EGL) by default, rendering into an offscreen 1280x800 target (still parts with 4x MSAA, the grains at one sample a pixel); --window renders into a window. --scene waves measures the wave pool instead, at each --screens size and --pixel-sizes cell size. Progress goes to stderr, results to stdout (or --output)."
    )

    @OptionGroup(title: "Scene") var choice: SceneChoice

    @OptionGroup(title: "Hourglass") var hourglass: BenchHourglassOptions
    @OptionGroup(title: "Waves") var waves: BenchWavesOptions
    @OptionGroup(title: "Sparkles") var sparkles: BenchSparklesOptions

    @Option(parsing: .unconditional, help: "Timed steps per case.")
    var steps = 30

    @Option(parsing: .unconditional, help: "Untimed steps before timing.")
    var warmup = 5

    @Option(help: "table, json or csv.")
    var format: BenchReport.Format = .table

    @Option(help: "Write the results to this file instead of stdout.", completion: .file())
    var output: String?

    @Flag(help: "Run cases estimated to take more than 10 minutes on this renderer.")
    var force = false

    @Flag(help: "Benchmark a debug build anyway (its CPU timings are several times slower).")
    var allowDebug = false

    static let renderSize = (width: 1280, height: 800)
    static let patience: Double = 600

    func validate() throws {
        for group in [hourglass, waves, sparkles] as [any SceneOptions] { try group.check(for: choice.scene, noun: "bench") }
        guard steps >= 1, warmup >= 0 else { throw ValidationError("--steps must be at least 1 and --warmup at least 0") }
        if let output { try ArgumentChecks.outputFile(output, option: "--output") }
        if hourglass.baseline != nil, format != .table, output == nil {
            throw ValidationError("--baseline prints its comparison on stdout; write the \(format.rawValue) report to a file with --output")
        }
        if BuildConfiguration.name == "debug" && !allowDebug {
            throw ValidationError("this is a debug build, whose timings mislead; build with 'swift build -c release' or pass --allow-debug")
        }
    }

    func run() throws {
        switch choice.scene {
        case .waves: return try measureWaves()
        case .sparkles: return try measureSparkles()
        case .titanium: return try measureTitanium()
        case .hourglass: break
        }
        let shaders = try ShaderSource.locateHourglass()
        let (width, height) = Self.renderSize
        if hourglass.window {
            let window = try Window(title: "ShiftingSands benchmark", width: width, height: height)
            let size = window.framebufferSize
            try withExtendedLifetime(window) {
                try measure(shaders: shaders, target: (0, size.width, size.height), surface: "window \(size.width)x\(size.height)") {
                    window.swapBuffers()
                    Window.pollEvents()
                }
            }
        } else {
            let offscreen = OffscreenTarget(width: width, height: height, in: try HeadlessContext())
            try withExtendedLifetime(offscreen) {
                try measure(shaders: shaders, target: (offscreen.framebuffer, width, height), surface: "offscreen \(width)x\(height)") {}
            }
        }
    }

    private func measure(shaders: ShaderSource, target: (UInt32, Int, Int), surface: String, present: @escaping () -> Void) throws {
        let baseline = try hourglass.baseline.map(BenchBaseline.read)
        let shapes = hourglass.shapes
        var cases = hourglass.modes.flatMap { mode in hourglass.counts.flatMap { count in shapes.map { (mode, count, $0) } } }
        if let baseline, hourglass.givenModes == nil, hourglass.givenCounts == nil, hourglass.givenShapes == nil {
            cases = baseline.cases.map { ($0.mode, $0.count, $0.shape) }
        }
        if let baseline, !cases.contains(where: { new in baseline.cases.contains { $0 == new } }) {
            throw CommandError("--baseline \(hourglass.baseline ?? ""): none of these cases is in it (it has \(baseline.cases.map { Benchmark.caseName($0.mode, $0.count, $0.shape) }.joined(separator: ", ")))")
        }
        let scenario = hourglass.scenario ?? baseline.flatMap { Benchmark.Scenario(rawValue: $0.old.settings.scenario) } ?? .settled
        let software = GLInfo.current().isSoftware
        try checkDurations(cases, software: software)
        let benchmark = try Benchmark(shaders: shaders, target: target, present: present)
        let options = Benchmark.Options(steps: steps, warmup: warmup, substeps: hourglass.substeps, threads: hourglass.threads ?? ProcessInfo.processInfo.activeProcessorCount, scenario: scenario)
        // Rounds of every case, so a drift of the machine spreads over all cases alike.
        let rounds = hourglass.repetitions ?? (baseline == nil ? 1 : 3)
        var runs = [[BenchResult]](repeating: [], count: cases.count)
        for round in 1...rounds {
            for (index, (mode, count, shape)) in cases.enumerated() {
                let repetition = rounds > 1 ? ", repetition \(round)/\(rounds)" : ""
                Console.progress("bench [\(index + 1)/\(cases.count)] \(mode.rawValue), \(count) grains, \(shape.rawValue)\(repetition)")
                let picture = round < rounds ? nil : hourglass.screenshot.map { cases.count == 1 ? $0 : Self.picturePath($0, mode: mode, count: count, shape: shape) }
                runs[index].append(try benchmark.run(mode: mode, count: count, shape: shape, options: options, picture: picture, progress: Console.progress))
            }
        }
        let results = runs.map(BenchResult.merged)
        let report = BenchReport(
            system: BenchSystem.current(surface: surface),
            settings: .init(steps: steps, warmup: warmup, substeps: hourglass.substeps.map { "at least \($0)" } ?? "at least \(PhysicsConstants.substeps), more for fast sand", scenario: scenario.rawValue),
            results: results)
        try emit(try report.formatted(format))
        if let plot = hourglass.plot { try report.plot.write(to: plot) }
        if let baseline { print((output == nil ? "\n" : "") + baseline.table(new: report)) }
    }


    /// `bench.png` → `bench-instanced-50000-impostor.png`: one picture a case.
    static func picturePath(_ path: String, mode: PhysicsMode, count: Int, shape: GrainShape) -> String {
        let url = URL(fileURLWithPath: path)
        let suffix = "-\(mode.rawValue)-\(count)-\(shape.rawValue)"
        let stem = url.deletingPathExtension().lastPathComponent + suffix
        let name = url.pathExtension.isEmpty ? stem : stem + "." + url.pathExtension
        return path.contains("/") ? url.deletingLastPathComponent().appendingPathComponent(name).path : name
    }

    private func measureWaves() throws {
        let shaders = ShaderSource.waves(in: try ShaderSource.locate(probe: "waves/wave_step.comp"))
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            let benchmark = WaveBenchmark(shaders: shaders, steps: steps, warmup: warmup)
            let cases = waves.screens.flatMap { screen in waves.pixelSizes.map { (screen, $0) } }
            var results: [WaveBenchResult] = []
            for (index, (screen, pixelSize)) in cases.enumerated() {
                Console.progress("bench [\(index + 1)/\(cases.count)] waves, \(screen.width)x\(screen.height) at \(pixelSize) px a cell")
                results.append(try benchmark.run(screen: screen, pixelSize: pixelSize))
            }
            let report = SceneBenchReport(system: BenchSystem.current(surface: "offscreen, one target per screen size"),
                                          settings: .init(scene: "waves", steps: steps, warmup: warmup), gpuTiming: GPUStopwatch().method, results: results,
                                          run: "\(warmup) warm-up + \(steps) timed steps of 1/120 s")
            try emit(try report.formatted(format))
        }
    }

    private func measureSparkles() throws {
        let shaders = ShaderSource.sparkles(in: try ShaderSource.locate(probe: "sparkles/sparkle_tick.comp"))
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            let benchmark = SparkleBenchmark(shaders: shaders, steps: steps, warmup: warmup)
            let counts = sparkles.particles
            var results: [SparkleBenchResult] = []
            for (index, count) in counts.enumerated() {
                Console.progress("bench [\(index + 1)/\(counts.count)] sparkles, \(count) particles")
                results.append(try benchmark.run(particles: count))
            }
            let size = SparkleBenchmark.screen
            let report = SceneBenchReport(system: BenchSystem.current(surface: "offscreen \(size.width)x\(size.height)"),
                                          settings: .init(scene: "sparkles", steps: steps, warmup: warmup, screen: "\(size.width)x\(size.height)"),
                                          gpuTiming: GPUStopwatch().method, results: results,
                                          run: "pressed; \(warmup) warm-up + \(steps) timed ticks and frames")
            try emit(try report.formatted(format))
        }
    }

    private func measureTitanium() throws {
        let shaders = ShaderSource.titanium(in: try ShaderSource.locate(probe: "titanium/titanium_tick.comp"))
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            Console.progress("bench [1/1] titanium, defaults (settling \(TitaniumBenchmark.settleSeconds()) s first)")
            let result = try TitaniumBenchmark(shaders: shaders, steps: steps, warmup: warmup).run()
            let size = TitaniumBenchmark.screen
            let report = SceneBenchReport(system: BenchSystem.current(surface: "offscreen \(size.width)x\(size.height)"),
                                          settings: .init(scene: "titanium", steps: steps, warmup: warmup, screen: "\(size.width)x\(size.height)"),
                                          gpuTiming: GPUStopwatch().method, results: [result],
                                          run: "defaults, settled; \(warmup) warm-up + \(steps) timed ticks and frames")
            try emit(try report.formatted(format))
        }
    }

    private func emit(_ text: String) throws {
        if let output {
            try Console.write(text + "\n", to: output)
            Console.progress("results written to \(output)")
        } else {
            print(text)
        }
    }

    /// Warns about counts outside the app's ranges, and stops before a case that would run for
    /// hours unless --force says to go ahead.
    private func checkDurations(_ cases: [(PhysicsMode, Int, GrainShape)], software: Bool) throws {
        var warned = Set<String>()
        for (mode, count, _) in cases where !mode.countRange.contains(count) && warned.insert("\(mode.rawValue) \(count)").inserted {
            Console.progress("bench: warning: \(GrainCountText.outside(count, range: mode.countRange, mode: mode)); measuring it anyway")
        }
        let slow = cases.map { mode, count, shape -> (String, Double) in
            let substeps = hourglass.substeps ?? PhysicsConstants.substeps
            return (Benchmark.caseName(mode, count, shape), EngineRates.frameSeconds(mode, count: count, substeps: substeps, softwareGL: software) * Double(steps + warmup))
        }.filter { $0.1 > Self.patience }
        guard !slow.isEmpty, !force else { return }
        let list = slow.map { "\($0.0) (~\(Self.describe(seconds: $0.1)))" }.joined(separator: ", ")
        throw CommandError("these cases would take long\(software ? " on a software renderer" : ""): \(list). Pass --force to run them, or fewer --steps")
    }

    static func describe(seconds: Double) -> String {
        seconds >= 3600 ? String(format: "%.1f h", seconds / 3600) : String(format: "%.0f min", (seconds / 60).rounded(.up))
    }
}
