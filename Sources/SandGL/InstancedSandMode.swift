@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Instanced mode: the compute engine, drawn where its grains lie on the GPU, as impostors
/// straight from its particle buffer or as icospheres its `MeshExpansion` writes there; only
/// the count above the neck comes back to the CPU.
final class InstancedSandMode: ComputeSandMode {
    let compute: ComputeEngine
    let stopwatch = GPUStopwatch()
    private let shaders: ShaderSource
    private let colors = StorageBuffer()
    /// The grains as a steady frame draws them, while the engine writes its own.
    private let drawnParticles = StorageBuffer()
    /// Made on the first frame drawn as meshes.
    private var meshes: MeshExpansion?
    /// The most grains whose meshes this GL holds, asked once.
    private let mostMeshes = MeshExpansion.largestCount()
    /// The count last told that it is drawn as impostors, told once.
    private var toldImpostors: Int?

    init(shaders: ShaderSource?, threads: Int?) throws {
        compute = try Self.engine(.instanced, shaders: shaders)
        self.shaders = shaders!
    }

    var mode: PhysicsMode { .instanced }

    func setColors(_ packed: [UInt32]) throws {
        precondition(packed.count == compute.grainCount, "\(packed.count) colours for \(compute.grainCount) grains")
        colors.upload(packed, usage: GL_STATIC_DRAW)
        try GLError.check("uploading \(packed.count) grain colours")
    }

    func present(shape: GrainShape, timed: Bool, steady: Bool) throws -> PresentedGrains {
        let particles: StorageBuffer
        if steady {
            drawnParticles.copy(from: compute.particleBuffer)
            particles = drawnParticles
        } else {
            particles = compute.particleBuffer
        }
        let grains = EngineGrains(particles: particles, colors: colors, count: compute.grainCount)
        guard shape == .mesh else { return PresentedGrains(.particles(grains)) }
        if let most = mostMeshes, grains.count > most {
            let notice = toldImpostors == grains.count ? nil : DrawingNotice.impostorsForMeshes(count: grains.count, most: most)
            toldImpostors = grains.count
            return PresentedGrains(.particles(grains), notice: notice)
        }
        let meshes = try meshes ?? MeshExpansion(shaders: shaders)
        self.meshes = meshes
        try meshes.reserve(count: grains.count)
        var seconds: Double?
        if timed {
            seconds = stopwatch.measureNow { meshes.expand(grains) } / 1000
        } else {
            meshes.expand(grains)
        }
        return PresentedGrains(.mesh(meshes.vertices, grains: grains), meshSeconds: seconds)
    }
}
