import ArgumentParser
import Foundation
import SandSim

/// The original's `-test` without a window: settle, flip, run the timer, report what the sand did.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the hourglass headless: settle, flip, run for the duration, print a summary."
    )

    @OptionGroup var grains: GrainOptions<SimulateDefaults>

    @Option(parsing: .unconditional, help: TimerDuration.help(default: "10 s, the original's -test"), transform: TimerDuration.parse)
    var duration = TimerDuration(seconds: 10)

    @Option(parsing: .unconditional, help: "Seconds the fresh pile settles before the flip (default 2).")
    var settle: Float?

    @Option(name: .customLong("turn"), parsing: .unconditionalSingleValue, help: TurnOption.help, transform: TurnOption.keyframes)
    var turns: [[ScriptedHand.Keyframe]] = []

    @Option(parsing: .unconditional, help: "Seconds the run goes on after the timer ends, 0–60, before the summary (whether the piles rest).")
    var landing: Float = HeadlessRun.defaultLandingSeconds

    @Option(parsing: .unconditional, help: "Flip and run the same pile this many times (1–1000), reporting grains lost over all of them.")
    var flips = 1

    @Option(parsing: .unconditional, help: "The fresh pile's seed, 1–1000000: where each of its grains is dropped. What a few grains decide, as a tilted pile's slide, is measured over several.")
    var seed = PouredPile.defaultSeed

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    @Option(help: "Write every grain (position, velocity, sleep counter) to this file.", completion: .file())
    var dump: String?

    @Option(help: "Write a CSV of time, phase, upper and lower counts every 0.1 s to this file.", completion: .file())
    var trace: String?

    @Option(help: "Draw the grains above the neck against time as an SVG, with the ideal straight line, the timer's end and the taps.", completion: .file())
    var plot: String?

    var mode: PhysicsMode { grains.mode ?? .cpu }
    var count: Int { grains.count ?? mode.defaultCount }
    var size: Float { grains.size ?? 1 }

    func validate() throws {
        try validateGrains(mode: mode, count: count, size: size)
        try duration.validate()
        if let settle, !(0...60).contains(settle) {
            throw ValidationError("settle \(settle) s is outside 0–60 s")
        }
        if try TurnOption.hand(turns) != nil {
            if settle != nil { throw ValidationError("--settle is for Start's flip; with --turn the hand's seconds count from the fresh pile") }
            if flips != 1 { throw ValidationError("--flips is for Start's flips; --turn turns the glass once") }
        }
        guard (0...60).contains(landing) else {
            throw ValidationError("landing \(landing) s is outside 0–60 s")
        }
        guard (1...1000).contains(flips) else { throw ValidationError("--flips \(flips) is outside 1–1000") }
        guard (1...1_000_000).contains(seed) else { throw ValidationError("--seed \(seed) is outside 1–1000000") }
        if let dump { try ArgumentChecks.outputFile(dump, option: "--dump") }
        if let trace { try ArgumentChecks.outputFile(trace, option: "--trace") }
        if let plot { try ArgumentChecks.svgFile(plot, option: "--plot") }
    }

    func run() throws {
        let (result, ran, renderer) = try Backend.with(mode: mode, count: count, size: size, duration: duration.seconds, seed: seed) { backend in
            let engine = backend.engine
            var headless = HeadlessRun(settleSeconds: settle ?? HeadlessRun.defaultSettleSeconds, flips: flips)
            headless.landingSeconds = landing
            headless.hand = try TurnOption.hand(turns)
            let result = headless.run(backend.run.hourglass) { phase in
                Console.progress("\(engine.name) \(engine.grainCount) grains: \(phase.rawValue)")
            }
            return (result, backend.mode, backend.renderer)
        }
        var summary = RunSummary(mode: ran.rawValue, grains: result.grains, profile: result.profile,
                                 simulatedSeconds: result.simulatedSeconds, wallSeconds: result.wallSeconds,
                                 renderer: renderer)
        summary.add(result)
        if let dump { try Console.write(GrainDump.text(result.grains), to: dump) }
        if let trace {
            try Console.write(([DrainSample.csvHeader] + result.trace.map(\.csvRow)).joined(separator: "\n") + "\n", to: trace)
        }
        if let plot {
            try SimulatePlot(result: result, duration: duration.seconds, mode: ran, renderer: renderer).plot.write(to: plot)
        }
        print(json ? try Console.json(summary) : summary.text)
    }
}

enum SimulateDefaults: GrainDefaults {}
