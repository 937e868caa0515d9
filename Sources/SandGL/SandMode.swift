import GLSupport
import SandSim

/// One mode of the hourglass as a value: the engine its physics runs in, how its grains reach
/// the screen, how its physics is timed, and how many grains it holds. Made only by `SandModes`;
/// the window, `simulate`, `calibrate` and `bench` all go through it, so no caller asks which
/// engine it holds.
public protocol SandMode: AnyObject {
    /// The mode its engine runs (the CPU's wherever no GL is there for the others).
    var mode: PhysicsMode { get }
    var engine: PhysicsEngine { get }
    /// Where the physics runs, for reports: "CPU, Swift, 2 threads" or the GL renderer.
    var physicsOn: String { get }
    /// Threads the physics runs on: the CPU engine's; 1 for a compute engine's host side.
    var threads: Int { get }
    /// The compute engine's launch, sort and read-back counts; nil for the CPU engine.
    var counters: DispatchCounting? { get }

    /// Needs the GL 4.3 context current for a compute mode; `threads`: the CPU engine's (nil:
    /// as many as it chooses).
    init(shaders: ShaderSource?, threads: Int?) throws
    /// The counts the app offers in `mode` on this machine: the mode's range, cut to what the
    /// engine can hold here.
    static func countRange(_ mode: PhysicsMode) -> ClosedRange<Int>
    /// Grain-substeps of physics a second, roughly, for choices made before anything runs
    /// (measured on the 2-core development machine, docs/BENCHMARKS.md).
    static func grainSubstepsPerSecond(softwareGL: Bool) -> Double

    /// One packed RGBA8 colour per grain of the current pile, grain i's for grain i.
    func setColors(_ packed: [UInt32]) throws
    /// Runs `work` (the frame's physics) and returns its seconds: the host's for the CPU engine;
    /// the GPU's for a compute engine, the newest finished (`wait` false: the window, which must
    /// not stall) or this one's (`wait`: benchmarks).
    func timePhysics(wait: Bool, _ work: () -> Void) -> Double
    /// The grains as this mode brings them to the screen this frame in `shape` (uploaded,
    /// read back, or left where they are on the GPU), with what that took where `timed`.
    /// `steady`: drawn while the engine advances on another thread, so nothing drawn may be
    /// what the engine writes.
    func present(shape: GrainShape, timed: Bool, steady: Bool) throws -> PresentedGrains
}

extension SandMode {
    /// The grains drawn before the engine advances again.
    public func present(shape: GrainShape, timed: Bool) throws -> PresentedGrains {
        try present(shape: shape, timed: timed, steady: false)
    }
}

/// What `SandMode.present` gives the renderer, and what it cost on the way.
public struct PresentedGrains {
    public var source: GrainSource
    /// Seconds writing the grains' meshes on the GPU (Instanced mode's icospheres).
    public var meshSeconds: Double?
    /// Seconds copying the grains back to the CPU (GPU mode).
    public var readbackSeconds: Double?
    /// Said to the user once, where this frame was drawn otherwise than asked.
    public var notice: DrawingNotice?

    public init(_ source: GrainSource, meshSeconds: Double? = nil, readbackSeconds: Double? = nil, notice: DrawingNotice? = nil) {
        (self.source, self.meshSeconds, self.readbackSeconds, self.notice) = (source, meshSeconds, readbackSeconds, notice)
    }
}

/// Where the grains were drawn otherwise than asked, for the app to say in its own words.
public enum DrawingNotice: Equatable, Sendable {
    /// `count` grains' meshes would not fit this GL's storage blocks (`most` would): impostors.
    case impostorsForMeshes(count: Int, most: Int)
}

/// What a compute engine counts of its own work, for benchmarks.
public protocol DispatchCounting: AnyObject {
    /// Every dispatch and barrier issued since the last load, with work or not.
    var launches: Launches { get }
    /// Sorts since the last load (waits for the GPU).
    func sortCount() -> Int
    /// Bytes copied back to the CPU since the last load.
    var bytesReadBack: Int { get }
}

extension ComputeEngine: DispatchCounting {}

/// The one place a mode becomes a type: a new mode is its `SandMode` type and a line here.
public enum SandModes {
    /// The type that runs `mode`; with no GL (`gl` false) every mode runs on the CPU engine.
    static func type(of mode: PhysicsMode, gl: Bool) -> SandMode.Type {
        guard gl else { return CPUSandMode.self }
        switch mode {
        case .cpu: return CPUSandMode.self
        case .gpu: return GPUSandMode.self
        case .instanced: return InstancedSandMode.self
        }
    }

    /// `mode` ready to load grains; `shaders` nil: no GL, the CPU engine runs it.
    public static func make(_ mode: PhysicsMode, shaders: ShaderSource?, threads: Int? = nil) throws -> SandMode {
        try type(of: mode, gl: shaders != nil).init(shaders: shaders, threads: threads)
    }

    /// The counts `mode` takes here (with GL current where `gl`).
    public static func countRange(_ mode: PhysicsMode, gl: Bool) -> ClosedRange<Int> {
        type(of: mode, gl: gl).countRange(mode)
    }

    /// Grain-substeps a second `mode` runs, roughly, where GL is there.
    public static func grainSubstepsPerSecond(_ mode: PhysicsMode, softwareGL: Bool) -> Double {
        type(of: mode, gl: true).grainSubstepsPerSecond(softwareGL: softwareGL)
    }
}
