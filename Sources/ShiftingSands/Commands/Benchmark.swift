import ArgumentParser
import Foundation
import SandGL
import GLSupport
import SandSim

/// One benchmark case's measurements. Times are per step (one frame of substeps), in ms.
struct BenchResult: Codable {
    var mode: PhysicsMode
    var count: Int
    /// How the grains were drawn.
    var grainShape: GrainShape
    var substeps: Int
    /// Threads the physics ran on: the CPU engine's; 1 for the compute engines' host side.
    var threads: Int
    var grainRadius: Float
    /// Physics: GPU time for compute engines (see `gpuTiming`), host time for the CPU engine.
    var physicsMs: SampleSummary
    /// Mesh expansion (Instanced mode with mesh grains), GPU time.
    var meshMs: SampleSummary?
    /// Copying the grains back to the CPU (GPU mode), host time.
    var readbackMs: SampleSummary?
    /// Bytes the GPU sent back to the CPU a frame: the grains in GPU mode, only the count above
    /// the neck in Instanced mode, nothing for the CPU engine.
    var readbackBytesPerFrame: Int
    /// Drawing the frame (the still picture put back under the glass, the grains' looks and the
    /// grains, the glass laid over them, the copy to the target), GPU time.
    var renderMs: SampleSummary
    /// Each stage of the frame as the window's trace names them (FrameStages), each waiting
    /// for the GL: physics, count, grains, still, glass, present (the window's swap, or nothing
    /// offscreen). The overlay is the window's alone; `bench` draws none.
    var stagesMs: [String: SampleSummary]
    var totalMs: SampleSummary
    /// Whole steps (physics + mesh + readback + render) per second, from the median total.
    var stepsPerSecond: Double
    /// Grain-substeps of physics per second, from the median physics time.
    var grainSubstepsPerSecond: Double
    /// Compute dispatches a step puts in the GL's queue, with work or not, the sorts' and the
    /// count's included (compute engines; the mean over the timed steps).
    var dispatchesIssuedPerStep: Double?
    /// Memory barriers a step issues (each waits on a software GL), the same way.
    var barriersIssuedPerStep: Double?
    /// The host's time to issue a step's physics, beside `physicsMs` (the GPU's): a step whose
    /// two are close is bound by its launches, not the GPU's work (compute engines).
    var issueMs: SampleSummary?
    /// Sorts a step, each a few of those dispatches (compute engines).
    var sortsPerStep: Double?
    /// Grains not asleep after the timed steps (sleeping grains skip the neighbour loop); nil
    /// for the CPU engine, which has no sleep and steps every grain.
    var awakeAtEnd: Int?
    var physicsOn: String
    var renderer: String
    /// How the GPU stages were timed.
    var gpuTiming: GPUStopwatch.Method
    /// With `--repetitions`: each repetition's median, in the order run (the figures above are
    /// the repetition whose total is the median one).
    var repetitions: Repetitions?

    struct Repetitions: Codable {
        var physicsMs: [Double]
        var renderMs: [Double]
        var totalMs: [Double]
    }

    /// One result for a case run several times: the middle repetition's, with every
    /// repetition's medians.
    static func merged(_ runs: [BenchResult]) -> BenchResult {
        guard runs.count > 1 else { return runs[0] }
        var middle = runs.sorted { $0.totalMs.median < $1.totalMs.median }[runs.count / 2]
        middle.repetitions = Repetitions(physicsMs: runs.map(\.physicsMs.median), renderMs: runs.map(\.renderMs.median), totalMs: runs.map(\.totalMs.median))
        return middle
    }
}

/// Runs benchmark cases on the current GL context: the offscreen target for headless runs, or
/// the window's framebuffer.
final class Benchmark {
    /// A case as the bench's messages name it: "cpu 50000 impostor".
    static func caseName(_ mode: PhysicsMode, _ count: Int, _ shape: GrainShape) -> String {
        "\(mode.rawValue) \(count) \(shape.rawValue)"
    }

    enum Scenario: String, CaseIterable, ExpressibleByArgument {
        /// The fresh pile at rest in the lower chamber: as the app sits before a start.
        case settled
        /// The pile turned into the upper chamber and draining, as while the timer runs: no
        /// grain sleeps, so every grain does the full neighbour loop (the worst case).
        case draining
    }

    struct Options {
        var steps: Int
        var warmup: Int
        var substeps: Int?
        /// The CPU engine's threads.
        var threads: Int
        var scenario: Scenario
        /// Draws every warm-up step, not only the last (false: the sand runs on unseen, faster).
        var drawsWarmup = true
    }

    private let renderer: SceneRenderer
    private let stopwatch = GPUStopwatch()
    private let shaders: ShaderSource
    private let target: (framebuffer: UInt32, width: Int, height: Int)
    private let present: () -> Void
    private let glRenderer: String
    /// The original's 5 s timer, and its gravity, the same for every count.
    private static let timerSeconds = HourglassTimer.durationRange.lowerBound
    private let gravity = SimulationParameters(duration: Benchmark.timerSeconds).gravity
    private let frameDt = PhysicsConstants.tickSeconds

    init(shaders: ShaderSource, target: (framebuffer: UInt32, width: Int, height: Int), present: @escaping () -> Void) throws {
        self.shaders = shaders
        self.target = target
        self.present = present
        renderer = try SceneRenderer(shaders: shaders)
        glRenderer = GLInfo.current().renderer
    }

    /// The window's stages a benchmark frame has.
    static let stages: [FrameStages.Stage] = [.physics, .count, .grains, .still, .glass, .present]

    /// `picture`: where to save the last frame drawn (before it is presented), if anywhere.
    func run(mode: PhysicsMode, count: Int, shape: GrainShape, options: Options, picture: String? = nil,
             progress: (String) -> Void) throws -> BenchResult {
        let run = try SandRun(GrainSettings(mode: mode, count: count), timing: .seconds(Self.timerSeconds), shaders: shaders, threads: options.threads)
        let sandMode = run.sandMode, engine = run.engine, counters = sandMode.counters, pile = run.pile
        try sandMode.setColors(GrainColors.perGrain(count: count, random: false))
        if let substeps = options.substeps { engine.substeps = substeps }
        if options.scenario == .draining { engine.snapAfterFlip() }
        let profile = pile.profile
        // The app's own frame, at rest, at one gravity for every count.
        var hourglass = run.hourglass
        hourglass.fixedGravity = gravity
        hourglass.keepsAwake = options.scenario == .draining
        var physics: [Double] = [], mesh: [Double] = [], readback: [Double] = [], render: [Double] = [], total: [Double] = []
        var readbackBytes = 0
        let stages = FrameStages(waitsForGL: true)
        var stageTimes: [FrameStages.Stage: [Double]] = [:]
        var sortsBefore = 0, launchesBefore = Launches()
        var issue: [Double] = []
        let viewport = Viewport(x: 0, y: 0, width: target.width, height: target.height)

        for step in 0..<(options.warmup + options.steps) {
            if step == options.warmup, let counters { (sortsBefore, launchesBefore) = (counters.sortCount(), counters.launches) }
            let bytesBefore = counters?.bytesReadBack ?? 0
            stages.startFrame()
            var frame = Hourglass.Frame()
            var issueSeconds = 0.0
            let physicsMs = sandMode.timePhysics(wait: true) { issueSeconds = HostClock.seconds { frame = hourglass.advance(by: frameDt) } } * 1000
            stages.add(physicsMs, to: .physics)
            stages.add(frame.countSeconds * 1000, to: .count, from: .physics)
            if !options.drawsWarmup && step < options.warmup - 1 { continue }
            let presented = try stages.time(.grains) { try sandMode.present(shape: shape, timed: true) }
            let meshMs = (presented.meshSeconds ?? 0) * 1000, readbackMs = (presented.readbackSeconds ?? 0) * 1000
            readbackBytes = (counters?.bytesReadBack ?? 0) - bytesBefore
            let scene = DrawnHourglass(profile: profile, angle: 0, grains: presented.source)
            let renderMs = stopwatch.measureNow {
                renderer.render([(scene, viewport)], width: target.width, height: target.height, into: target.framebuffer, stages: stages)
            }
            let timed = step - options.warmup
            if let picture, timed + 1 == options.steps {
                try Screenshot.save(WindowFramebuffer.read(framebuffer: target.framebuffer, width: target.width, height: target.height),
                                    width: target.width, height: target.height, to: picture)
            }
            stages.time(.present, present)
            if timed >= 0 {
                issue.append(issueSeconds * 1000)
                physics.append(physicsMs)
                if let seconds = presented.meshSeconds { mesh.append(seconds * 1000) }
                if let seconds = presented.readbackSeconds { readback.append(seconds * 1000) }
                render.append(renderMs)
                for stage in Self.stages { stageTimes[stage, default: []].append(stages[stage]) }
                total.append(physicsMs + meshMs + readbackMs + renderMs)
                if (timed + 1) % 10 == 0 || timed + 1 == options.steps {
                    progress("  \(Self.caseName(mode, count, shape)): timed step \(timed + 1)/\(options.steps), physics \(String(format: "%.2f", physicsMs)) ms")
                }
            } else if step == 0 {
                progress("  \(Self.caseName(mode, count, shape)): warming up (\(options.warmup) steps)")
            }
        }

        let physicsSummary = SampleSummary(physics), totalSummary = SampleSummary(total)
        let sortsPerStep = counters.map { Double($0.sortCount() - sortsBefore) / Double(options.steps) }
        let launches = counters.map { $0.launches - launchesBefore }
        // The CPU engine has no sleep: it steps every grain every substep.
        let awake = counters.map { _ in engine.readGrains().filter { $0.sleepCounter < PhysicsConstants.lightSleepCounter }.count }
        return BenchResult(
            mode: mode, count: count, grainShape: shape, substeps: engine.lastSubsteps, threads: sandMode.threads, grainRadius: profile.grainRadius,
            physicsMs: physicsSummary,
            meshMs: mesh.isEmpty ? nil : SampleSummary(mesh),
            readbackMs: readback.isEmpty ? nil : SampleSummary(readback),
            readbackBytesPerFrame: readbackBytes,
            renderMs: SampleSummary(render),
            stagesMs: Dictionary(uniqueKeysWithValues: stageTimes.map { ($0.key.rawValue, SampleSummary($0.value)) }),
            totalMs: totalSummary,
            stepsPerSecond: totalSummary.median > 0 ? 1000 / totalSummary.median : 0,
            grainSubstepsPerSecond: physicsSummary.median > 0 ? Double(count * engine.lastSubsteps) * 1000 / physicsSummary.median : 0,
            dispatchesIssuedPerStep: launches.map { Double($0.dispatches) / Double(options.steps) },
            barriersIssuedPerStep: launches.map { Double($0.barriers) / Double(options.steps) },
            issueMs: counters.map { _ in SampleSummary(issue) },
            sortsPerStep: sortsPerStep,
            awakeAtEnd: awake,
            physicsOn: sandMode.physicsOn,
            renderer: glRenderer,
            gpuTiming: stopwatch.method
        )
    }
}

/// The machine a benchmark ran on.
struct BenchSystem: Codable {
    var renderer: String
    var glVersion: String
    var cpu: String
    var cores: Int
    var build: String
    var surface: String
    var date: String
    var version: String

    static func current(surface: String) -> BenchSystem {
        let info = GLInfo.current(), machine = MachineDescription.current
        return BenchSystem(renderer: info.renderer, glVersion: info.version, cpu: machine.cpu,
                           cores: machine.cores, build: BuildConfiguration.name,
                           surface: surface, date: ISO8601DateFormatter().string(from: Date()), version: AppVersion.current)
    }
}
