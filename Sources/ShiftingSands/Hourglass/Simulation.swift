import Foundation
import SandGL
import GLSupport
import SandSim

/// One hourglass on screen: its `Hourglass` (engine, timer, clock, drain), the glass it lives
/// in, and its colours. Compute engines need the caller's GL 4.3 context to be current.
final class Simulation {
    private(set) var hourglass: Hourglass
    private(set) var settings: GrainSettings
    private(set) var randomColors: Bool
    /// Per-grain colours for the grains drawn from the CPU (CPU mode, GPU mode's readback).
    private var colors: [UInt32] = []
    private let shaders: ShaderSource?
    private let stopwatch: GPUStopwatch?
    /// Wall seconds the last frame's physics took (the GPU's time for compute engines, where
    /// the host only queues the work).
    private(set) var physicsSeconds: Float = 0
    /// What the last frame stepped.
    private(set) var lastFrame = Hourglass.Frame()
    /// Grains above the neck against seconds into the run, for the overlay's chart.
    private(set) var drainHistory: [(elapsed: Float, upper: Int)] = []

    init(settings: GrainSettings, randomColors: Bool, duration: Float, shaders: ShaderSource?) throws {
        self.shaders = shaders
        stopwatch = shaders == nil ? nil : GPUStopwatch()
        self.settings = settings
        self.randomColors = randomColors
        let engine = try Self.makeEngine(settings.mode, shaders: shaders)
        try engine.spawn(count: settings.count, size: settings.size)
        hourglass = Hourglass(engine: engine, mode: settings.mode, grainRadius: GrainSizing.radiusForCount(settings.count, size: settings.size),
                              timer: HourglassTimer(settings: settings, duration: duration))
        applyColors()
    }

    var mode: PhysicsMode { settings.mode }
    /// The glass as the engine has it: a long timer's neck is narrower (NeckSizing).
    var profile: HourglassProfile { hourglass.profile }

    /// The sand, the timer and the clock stand still.
    var isPaused: Bool {
        get { hourglass.isPaused }
        set { hourglass.isPaused = newValue }
    }
    var engine: PhysicsEngine { hourglass.engine }
    var timer: HourglassTimer { hourglass.timer }

    /// Changes the timer as the user asked, and builds the fresh pile it asks for.
    func changeTimer(_ change: (inout HourglassTimer) -> [TimerAction]) throws {
        for case .respawn(let settings) in change(&hourglass.timer) {
            try respawn(settings)
        }
    }

    /// A fresh pile with `settings`, in a new engine when the mode changed.
    private func respawn(_ settings: GrainSettings) throws {
        let engine = settings.mode == self.settings.mode ? hourglass.engine : try Self.makeEngine(settings.mode, shaders: shaders)
        self.settings = settings
        try engine.spawn(count: settings.count, size: settings.size)
        hourglass.replacePile(engine: engine, mode: settings.mode, grainRadius: GrainSizing.radiusForCount(settings.count, size: settings.size))
        drainHistory = []
        applyColors()
    }

    func setRandomColors(_ random: Bool) {
        randomColors = random
        applyColors()
    }

    /// Advances the hourglass `seconds` of simulated time, timing its physics.
    func advance(by seconds: Float) {
        let before = timer.phase
        let host = ContinuousClock().measure {
            if let stopwatch, engine is ComputeEngine {
                stopwatch.measure { lastFrame = hourglass.advance(by: seconds) }
            } else {
                lastFrame = hourglass.advance(by: seconds)
            }
        }
        let hostSeconds = Float(Double(host.components.seconds) + Double(host.components.attoseconds) * 1e-18)
        let gpuSeconds = engine is ComputeEngine ? Float(stopwatch?.lastMilliseconds ?? 0) / 1000 : 0
        physicsSeconds = max(hostSeconds, gpuSeconds)
        if before == .flipping, timer.phase == .running { drainHistory = [] }
        if hourglass.isDraining, let upper = hourglass.upper { drainHistory.append((timer.elapsed, upper)) }
    }

    /// The grains as this mode brings them to the screen in `shape`: uploaded from the CPU
    /// engine, read back from the compute engine, or (Instanced) left on the GPU, drawn from
    /// the engine's buffer or expanded into a mesh there.
    func grainSource(shape: GrainShape) -> GrainSource {
        if mode == .instanced, let compute = engine as? ComputeEngine {
            guard shape == .mesh else { return .particles(compute.drawnGrains) }
            compute.expandMeshes()
            return .mesh(compute.vertexBuffer, grains: compute.drawnGrains)
        }
        return .positions(engine.readGrains(), colors: colors, shape: shape)
    }

    /// The same colour for grain i in every mode, wherever it is drawn from.
    private func applyColors() {
        let perGrain = GrainColors.perGrain(count: engine.grainCount, random: randomColors)
        if let compute = engine as? ComputeEngine, mode == .instanced {
            compute.setColors(perGrain)
        } else {
            colors = perGrain
        }
    }

    private static func makeEngine(_ mode: PhysicsMode, shaders: ShaderSource?) throws -> PhysicsEngine {
        guard mode != .cpu, let shaders else { return CPUEngine() }
        return try ComputeEngine(name: mode.displayName, shaders: shaders)
    }
}
