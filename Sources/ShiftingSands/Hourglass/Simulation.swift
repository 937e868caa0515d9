import Foundation
import SandGL
import GLSupport
import SandSim

/// One hourglass on screen: its mode (engine and drawing, `SandMode`), its `Hourglass` (timer,
/// clock, drain), and its colours. Compute modes need the caller's GL 4.3 context to be current;
/// with no shaders every mode runs on the CPU engine and nothing here touches GL.
final class Simulation {
    private var run: SandRun
    var hourglass: Hourglass { run.hourglass }
    /// What the pile was built with: the mode asked for (its engine may be the CPU's where there
    /// is no GL), the count and the size, as the run holds them.
    var settings: GrainSettings { run.grains }
    private(set) var randomColors: Bool
    private var sandMode: SandMode { run.sandMode }
    private let shaders: ShaderSource?
    /// Seconds the last frame's physics took (the GPU's time for compute engines, where the
    /// host only queues the work).
    private(set) var physicsSeconds: Float = 0
    /// What the last frame stepped.
    private(set) var lastFrame = Hourglass.Frame()
    /// Grains above the neck against seconds into the run, for the overlay's chart.
    private(set) var drainHistory: [(elapsed: Float, upper: Int)] = []
    /// The timer's phase as the chart last saw it: a run that begins starts a fresh chart,
    /// whether a frame's flip (Start) or the hand (`follow`) began it.
    private var phaseSeen = TimerPhase.resting

    init(settings: GrainSettings, randomColors: Bool, timer: HourglassTimer, shaders: ShaderSource?) throws {
        self.shaders = shaders
        self.randomColors = randomColors
        run = try SandRun(settings, timing: .shared(timer), shaders: shaders)
        try applyColors()
    }

    /// The mode the user chose (its engine may be the CPU's where there is no GL).
    var mode: PhysicsMode { settings.mode }
    /// The glass as the engine has it: a long timer's neck is narrower (NeckSizing).
    var profile: HourglassProfile { hourglass.profile }
    var isPaused: Bool {
        get { hourglass.isPaused }
        set { run.hourglass.isPaused = newValue }
    }
    var timer: HourglassTimer { hourglass.timer }
    /// Where the physics runs, for the readout.
    var physicsOn: String { sandMode.physicsOn }

    /// Takes the timer as changed for every glass (`HourglassSession`), and builds a fresh pile
    /// with `respawn` where the change asked for one.
    func follow(_ timer: HourglassTimer, respawn: GrainSettings?) throws {
        run.hourglass.timer = timer
        if let respawn { try self.respawn(respawn) }
        chartRunStart()
    }

    /// A fresh pile with `settings`, in a new mode when the mode changed.
    private func respawn(_ settings: GrainSettings) throws {
        try run.respawn(settings, shaders: shaders)
        drainHistory = []
        try applyColors()
    }

    func setRandomColors(_ random: Bool) throws {
        randomColors = random
        try applyColors()
    }

    /// Advances the hourglass `seconds` of simulated time, timing its physics.
    func advance(by seconds: Float) {
        physicsSeconds = Float(sandMode.timePhysics(wait: false) { lastFrame = run.hourglass.advance(by: seconds) })
        chartRunStart()
        if hourglass.isDraining, let upper = hourglass.upper { drainHistory.append((timer.elapsed, upper)) }
    }

    /// Clears the chart as a run begins; a run turned over by the hand goes on in it.
    private func chartRunStart() {
        if phaseSeen != .running, timer.phase == .running { drainHistory = [] }
        phaseSeen = timer.phase
    }

    /// The grains as this mode brings them to the screen in `shape`; `steady`: drawn while the
    /// glass advances on another thread.
    func present(shape: GrainShape, steady: Bool = false) throws -> PresentedGrains {
        try sandMode.present(shape: shape, timed: false, steady: steady)
    }

    /// The same colour for grain i in every mode, wherever it is drawn from.
    private func applyColors() throws {
        try sandMode.setColors(GrainColors.perGrain(count: sandMode.engine.grainCount, random: randomColors))
    }
}
