import ArgumentParser
import Foundation
import SandGL
import SandSim
import Sparkles
import Waves

/// `bench`'s options for the hourglass, each list parsed by its option's transform; given with
/// another scene they are refused (SceneOptions).
struct BenchHourglassOptions: SceneOptions {
    static let scene = SceneKind.hourglass
    static let defaultModes = PhysicsMode.allCases, defaultCounts = [250, 1_000, 10_000, 50_000]
    static let defaultShapes: [GrainShape] = [.impostor, .mesh]
    /// Counts bench measures, each mode's beyond its range with a warning.
    static let countRange = 1...1_000_000
    /// Substeps a step `--substeps` takes: a sixth to four times the default.
    static let substepRange = 4...(4 * PhysicsConstants.substeps)

    @Option(name: .customLong("modes"), parsing: .unconditional, help: "Modes to measure, comma-separated: cpu, gpu, instanced (default: \(Self.defaultModes.map(\.rawValue).joined(separator: ","))).",
            transform: Self.modes)
    var givenModes: [PhysicsMode]?

    @Option(name: .customLong("counts"), parsing: .unconditional, help: "Grain counts, comma-separated (default: \(Self.defaultCounts.map(String.init).joined(separator: ","))).",
            transform: Self.counts)
    var givenCounts: [Int]?

    @Option(name: .customLong("grain-shape"), parsing: .unconditional, help: "How grains are drawn, comma-separated: impostor, mesh (default: \(Self.defaultShapes.map(\.rawValue).joined(separator: ","))); each shape is its own case.",
            transform: Self.shapes)
    var givenShapes: [GrainShape]?

    @Option(parsing: .unconditional, help: "Substeps per step at least, 4–96 (default: 24; fast sand gets more).")
    var substeps: Int?

    @Option(parsing: .unconditional, help: "Threads for the CPU engine (default: every core, \(ProcessInfo.processInfo.activeProcessorCount) here; piles under \(CPUEngine.sharedFrom.formatted()) grains run on one).")
    var threads: Int?

    @Option(help: "settled (the fresh pile, at rest, as before a start; the default) or draining (turned into the upper chamber, all awake).")
    var scenario: Benchmark.Scenario?

    @Option(parsing: .unconditional, help: "Run every case this many times, in rounds, keeping each repetition's medians (default 1; 3 with --baseline), so run-to-run spread is measured.")
    var repetitions: Int?

    @Option(help: "Compare with an earlier hourglass run's `--format json` report: its cases (unless --modes, --counts or --grain-shape say others) and scenario, each figure beside the old with the ratio, marked where the change is past the spread measured between repetitions. Give the same --steps and --warmup.", completion: .file())
    var baseline: String?

    @Option(help: "Also draw the results as an SVG: steps a second against grains for each mode and shape (log-log), and each case's stages.", completion: .file())
    var plot: String?

    @Option(help: "Save each case's last frame as a picture (PNG, JPEG or BMP): this file for one case; for several, its name with -MODE-COUNT-SHAPE before the extension.", completion: .file())
    var screenshot: String?

    @Flag(help: "Render into a window (needs a display) instead of an offscreen target.")
    var window = false

    var modes: [PhysicsMode] { givenModes ?? Self.defaultModes }
    var counts: [Int] { givenCounts ?? Self.defaultCounts }
    var shapes: [GrainShape] { givenShapes ?? Self.defaultShapes }

    var firstGiven: String? {
        firstOption([("--modes", givenModes != nil), ("--counts", givenCounts != nil), ("--substeps", substeps != nil), ("--threads", threads != nil),
               ("--scenario", scenario != nil), ("--window", window), ("--grain-shape", givenShapes != nil), ("--screenshot", screenshot != nil),
               ("--plot", plot != nil), ("--baseline", baseline != nil), ("--repetitions", repetitions != nil)])
    }

    func validate() throws {
        if let substeps, !Self.substepRange.contains(substeps) { throw ValidationError("--substeps must be \(Self.substepRange.lowerBound)–\(Self.substepRange.upperBound)") }
        if let repetitions, !(1...20).contains(repetitions) { throw ValidationError("--repetitions must be 1–20") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1–256") }
        if let plot { try ArgumentChecks.svgFile(plot, option: "--plot") }
        if let screenshot { try ArgumentChecks.pictureFile(screenshot, option: "--screenshot") }
    }

    static func modes(_ text: String) throws -> [PhysicsMode] {
        try ArgumentChecks.list(text, option: "--modes").map { name in
            guard let mode = PhysicsMode(argument: name) else { throw ValidationError("unknown mode '\(name)' in --modes (cpu, gpu, instanced)") }
            return mode
        }
    }

    static func shapes(_ text: String) throws -> [GrainShape] {
        try ArgumentChecks.list(text, option: "--grain-shape").map { name in
            guard let shape = GrainShape(rawValue: name) else { throw ValidationError("unknown grain shape '\(name)' in --grain-shape (impostor, mesh)") }
            return shape
        }
    }

    static func counts(_ text: String) throws -> [Int] {
        try ArgumentChecks.list(text, option: "--counts").map { try GrainCountText.item($0, option: "--counts", range: countRange) }
    }
}

/// `bench --scene waves`'s options.
struct BenchWavesOptions: SceneOptions {
    static let scene = SceneKind.waves
    static let defaultScreens = [(width: 1280, height: 800), (width: 1920, height: 1080), (width: 3840, height: 2160)]
    static let defaultPixelSizes = [3, 1]

    @Option(name: .customLong("screens"), parsing: .unconditional, help: "Screen sizes in pixels, comma-separated WIDTHxHEIGHT (default: \(Self.defaultScreens.map { "\($0.width)x\($0.height)" }.joined(separator: ","))).",
            transform: Self.screens)
    var givenScreens: [(width: Int, height: Int)]?

    @Option(name: .customLong("pixel-sizes"), parsing: .unconditional, help: "Screen pixels per cell, comma-separated, 1–8 (default: \(Self.defaultPixelSizes.map(String.init).joined(separator: ","))).",
            transform: Self.pixelSizes)
    var givenPixelSizes: [Int]?

    var screens: [(width: Int, height: Int)] { givenScreens ?? Self.defaultScreens }
    var pixelSizes: [Int] { givenPixelSizes ?? Self.defaultPixelSizes }
    var firstGiven: String? { firstOption([("--screens", givenScreens != nil), ("--pixel-sizes", givenPixelSizes != nil)]) }

    static func screens(_ text: String) throws -> [(width: Int, height: Int)] {
        try ArgumentChecks.list(text, option: "--screens").map { text in
            let parts = ArgumentChecks.numbers(text.lowercased(), separator: "x").map { $0.flatMap { Int(exactly: $0) } }
            guard parts.count == 2, let width = parts[0], let height = parts[1], [width, height].allSatisfy({ (16...16384).contains($0) }) else {
                throw ValidationError("'\(text)' in --screens is not WIDTHxHEIGHT in pixels (16–16384 each)")
            }
            return (width, height)
        }
    }

    static func pixelSizes(_ text: String) throws -> [Int] {
        let range = WaveParameters.pixelSizeRange
        return try ArgumentChecks.list(text, option: "--pixel-sizes").map { text in
            guard let size = Int(text), range.contains(Float(size)) else {
                throw ValidationError("'\(text)' in --pixel-sizes is not a cell size of \(Int(range.lowerBound))–\(Int(range.upperBound)) pixels")
            }
            return size
        }
    }
}

/// `bench --scene sparkles`'s options.
struct BenchSparklesOptions: SceneOptions {
    static let scene = SceneKind.sparkles
    static let defaultParticles = [32, 10_000, 1_000_000]

    @Option(name: .customLong("particles"), parsing: .unconditional, help: "Particle counts, comma-separated, \(SparkleParameters.particleCountRange.lowerBound)–\(SparkleParameters.particleCountRange.upperBound) (default: \(Self.defaultParticles.map(String.init).joined(separator: ","))).",
            transform: Self.particles)
    var givenParticles: [Int]?

    var particles: [Int] { givenParticles ?? Self.defaultParticles }
    var firstGiven: String? { firstOption([("--particles", givenParticles != nil)]) }

    static func particles(_ text: String) throws -> [Int] {
        let range = SparkleParameters.particleCountRange
        return try ArgumentChecks.list(text, option: "--particles").map { text in
            guard let count = Int(text), range.contains(count) else {
                throw ValidationError("'\(text)' in --particles is not a particle count (\(range.lowerBound)–\(range.upperBound))")
            }
            return count
        }
    }
}
