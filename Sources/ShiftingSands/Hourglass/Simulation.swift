import SandGL
import GLSupport
import SandSim

/// The running pile: an engine of the current mode, the glass it lives in, and its colours.
/// Compute engines need the caller's GL 4.3 context to be current.
final class Simulation {
    private(set) var engine: PhysicsEngine
    private(set) var settings: GrainSettings
    private(set) var profile: HourglassProfile
    private(set) var randomColors: Bool
    /// Per-grain colours for the CPU and GPU modes' instanced spheres.
    private var colors: [UInt32] = []
    private let shaders: ShaderSource?
    private let stopwatch: GPUStopwatch?
    /// Milliseconds the last physics step took (GPU time for compute engines).
    private(set) var physicsMilliseconds: Double = 0

    init(settings: GrainSettings, randomColors: Bool, shaders: ShaderSource?) throws {
        self.shaders = shaders
        stopwatch = shaders == nil ? nil : GPUStopwatch()
        self.settings = settings
        self.randomColors = randomColors
        profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(settings.count, size: settings.size))
        engine = CPUEngine()
        try respawn(settings)
    }

    var mode: PhysicsMode { settings.mode }

    /// A fresh pile with `settings`, in a new engine when the mode changed.
    func respawn(_ settings: GrainSettings) throws {
        if settings.mode != self.settings.mode || engine.grainCount == 0 {
            engine = try Self.makeEngine(settings.mode, shaders: shaders)
        }
        self.settings = settings
        profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(settings.count, size: settings.size))
        try engine.spawn(count: settings.count, size: settings.size)
        drain = TimedDrain()
        steppedGrains = nil
        drainHistory = []
        applyColors()
    }

    func setRandomColors(_ random: Bool) {
        randomColors = random
        applyColors()
    }

    /// Keeps this run on time while the timer runs; a new controller at every flip.
    private var drain = TimedDrain()
    /// The grains the drain read back after this frame's step, so the GPU mode draws them
    /// without reading them back a second time.
    private var steppedGrains: [Grain]?
    /// Grains above the neck against seconds into the run, for the overlay's chart.
    private(set) var drainHistory: [(elapsed: Float, upper: Int)] = []

    /// The drain controller's duration while it runs, so a duration changed mid-run takes effect
    /// at the next start, as count and size do.
    var runningDuration: Float? { drain.controller?.duration }

    /// One frame: gravity for the timer's duration and this engine, and while the timer runs,
    /// the neck friction the drain controller asks for after the last frame.
    func step(frameDt: Float, angle: Float, timer: HourglassTimer) {
        steppedGrains = drain.frame(engine: engine, timer: timer, mode: mode, grainRadius: profile.grainRadius, frameDt: frameDt) {
            step(frameDt: frameDt, angle: angle, parameters: $0)
        }
        if let steppedGrains { drainHistory.append((timer.elapsed, DrainSample.upperCount(steppedGrains))) }
    }

    private func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        if let stopwatch, engine is ComputeEngine {
            stopwatch.measure { engine.step(frameDt: frameDt, angle: angle, parameters: parameters) }
            physicsMilliseconds = stopwatch.lastMilliseconds ?? physicsMilliseconds
        } else {
            let clock = ContinuousClock()
            let elapsed = clock.measure { engine.step(frameDt: frameDt, angle: angle, parameters: parameters) }
            physicsMilliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        }
    }

    func snapAfterFlip() {
        engine.snapAfterFlip()
        drain = TimedDrain()
        drainHistory = []
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
        return .positions(steppedGrains ?? engine.readGrains(), colors: colors, shape: shape)
    }

    private func applyColors() {
        let count = engine.grainCount
        if let compute = engine as? ComputeEngine, mode == .instanced {
            compute.setColors(GrainColors.perGrain(count: count, random: randomColors))
        } else if randomColors {
            colors = GrainColors.paletteIndices(count: count).map { GrainColors.pack(GrainColors.palette[$0]) }
        } else {
            colors = [UInt32](repeating: GrainColors.pack(GrainColors.sand), count: count)
        }
    }

    private static func makeEngine(_ mode: PhysicsMode, shaders: ShaderSource?) throws -> PhysicsEngine {
        guard mode != .cpu, let shaders else { return CPUEngine() }
        return try ComputeEngine(name: mode.displayName, shaders: shaders)
    }
}
