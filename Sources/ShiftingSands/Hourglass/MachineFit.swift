import Foundation
import GLSupport
import SandGL
import SandSim

/// What this machine's renderer and engines cost, measured once per renderer and kept in
/// `app.json`: for each mode, a frame's physics (a 1/60 s tick of draining sand, all awake) and
/// its drawing (the grains brought to the screen and the picture presented), each a straight
/// line through two measured counts. From it come each mode's default count, the comparison's,
/// and what a larger count will cost.
struct MachineFit: Codable, Equatable {
    /// The GL renderer it was measured on: another renderer is measured again.
    var renderer: String
    var modes: [PhysicsMode: ModeCost]

    /// Milliseconds as a straight line in the count: `fixed + perGrain × count`.
    struct LinearCost: Codable, Equatable {
        var fixed: Double
        var perGrain: Double

        /// Through (count1, ms1) and (count2, ms2); never negative.
        init(_ count1: Int, _ ms1: Double, _ count2: Int, _ ms2: Double) {
            perGrain = max((ms2 - ms1) / Double(count2 - count1), 0)
            fixed = max(ms1 - perGrain * Double(count1), 0)
        }

        init(fixed: Double, perGrain: Double) {
            (self.fixed, self.perGrain) = (fixed, perGrain)
        }

        func milliseconds(_ count: Int) -> Double { fixed + perGrain * Double(count) }
    }

    struct ModeCost: Codable, Equatable {
        /// One tick of 1/60 s of draining sand.
        var physics: LinearCost
        /// One frame drawn and presented.
        var drawing: LinearCost
    }

    /// The counts a default is picked from; never fewer than the first.
    static let ladder = [250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    /// Every mode's default where nothing was measured (no GL yet, a screenshot run).
    static let fallbackCount = ladder[0]
    /// The frame rate a single glass's fitting count keeps in real time: a display's, so the
    /// default pile never stutters.
    static let singleFPS = 60.0
    /// ... and three glasses side by side, each at the comparison's count: smooth motion.
    static let comparisonFPS = 30.0
    /// What the window adds to a frame besides the scene: the overlay and the swap, 5 ms at
    /// 1280×800 on llvmpipe by the trace's stages (docs/BENCHMARKS.md).
    static let windowMilliseconds = 5.0

    /// The cores side by side spreads its glasses' ticks over, on a software renderer.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Frames a second `modes` side by side keep with `count` grains each, in real time: a frame
    /// of T seconds steps 60·T ticks, so T = drawing + 60·T·physics, T = drawing / (1 − 60·physics);
    /// nil where the physics alone cannot keep up (slow motion). Side by side a frame still puts
    /// back one still picture, lays one glass layer and presents once, so the drawing's fixed
    /// part counts once (the largest), its part in the grains for each glass.
    func framesPerSecond(_ modes: [PhysicsMode], count: Int, cores: Int = MachineFit.cores) -> Double? {
        let costs = modes.compactMap { self.modes[$0] }
        guard costs.count == modes.count else { return nil }
        let ticks = zip(modes, costs).map { ($0, $1.physics.milliseconds(count)) }
        let tickSeconds = (GLInfo.isSoftware(renderer: renderer) ? Self.onThreads(ticks, count: count, cores: cores) : ticks.map(\.1).reduce(0, +)) / 1000
        let drawing = (costs.map(\.drawing.fixed).max() ?? 0) + costs.map { $0.drawing.perGrain * Double(count) }.reduce(0, +)
        let drawSeconds = (drawing + Self.windowMilliseconds) / 1000
        let share = 1 - tickSeconds / Double(PhysicsConstants.tickSeconds)
        // A glass's own tick longer than the sand it steps is slow motion, whatever runs beside.
        guard share > 0, ticks.allSatisfy({ $0.1 / 1000 < Double(PhysicsConstants.tickSeconds) }) else { return nil }
        return share / drawSeconds
    }

    /// A tick of glasses side by side on a software renderer, each on a thread of its own
    /// (GlassThreads): the slowest glass's milliseconds, or all the glasses' work spread over
    /// the cores, whichever is longer. A glass whose own tick already spreads over every core
    /// (the CPU engine from `CPUEngine.sharedFrom`, the compute engine past its one-dispatch
    /// tick) counts its time once for each core.
    ///
    /// A compute glass alone ticks while the frame draws (GlassThreads): its tick holds the frame
    /// up only for the share of the cores it takes from the drawing, a core's; one that spreads
    /// over every core, wholly. The CPU engine alone advances before the frame draws.
    static func onThreads(_ ticks: [(PhysicsMode, Double)], count: Int, cores: Int) -> Double {
        let work = ticks.map { mode, milliseconds in
            let shared = mode == .cpu ? count >= CPUEngine.sharedFrom : ComputeEngine.TickPath.forCount(count, softwareGL: true) == .dispatchesPerSubstep
            return milliseconds * Double(shared ? cores : 1)
        }
        if ticks.count == 1, let (mode, milliseconds) = ticks.first {
            return mode == .cpu ? milliseconds : work[0] / Double(max(cores, 1))
        }
        return max(ticks.map(\.1).max() ?? 0, work.reduce(0, +) / Double(max(cores, 1)))
    }

    /// The largest count of the ladder, within `range`, that `modes` side by side keep at `fps`
    /// in real time; the ladder's first where none does.
    func fittingCount(_ modes: [PhysicsMode], range: ClosedRange<Int>, fps: Double) -> Int {
        Self.ladder.last { count in
            range.contains(count) && (framesPerSecond(modes, count: count) ?? 0) >= fps
        } ?? Self.fallbackCount
    }

    /// What a count will do here, for the note beside it.
    enum CountNote: Equatable {
        /// Keeps `singleFPS` alone, or `comparisonFPS` side by side, in real time.
        case fits
        /// Keeps real time at this many frames a second, fewer than that.
        case framesPerSecond(Double)
        /// The physics alone cannot keep up.
        case slowMotion
    }

    /// The note for `count` grains in `modes` (side by side where more than one): "fits" only
    /// where it keeps the frame rate a fitting count keeps, so a floor of 250 that does not is
    /// never said to fit.
    func note(_ modes: [PhysicsMode], count: Int) -> CountNote {
        guard let fps = framesPerSecond(modes, count: count) else { return .slowMotion }
        return fps >= (modes.count > 1 ? Self.comparisonFPS : Self.singleFPS) ? .fits : .framesPerSecond(fps)
    }

    /// Each mode's default count here: a single glass at `singleFPS`.
    func defaultCounts() -> [PhysicsMode: Int] {
        Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, fittingCount([$0], range: $0.countRange, fps: Self.singleFPS)) })
    }

    /// `run --compare`'s count: the three side by side at `comparisonFPS`, within the CPU's range.
    var comparisonCount: Int { fittingCount(PhysicsMode.allCases, range: PhysicsMode.cpu.countRange, fps: Self.comparisonFPS) }
}
