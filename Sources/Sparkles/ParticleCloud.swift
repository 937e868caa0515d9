@preconcurrency import CEpoxy
import GLSupport

/// The particle cloud on the GPU: one storage buffer of `Particle`s that `sparkle_tick.comp`
/// advances one fixed tick at a time. Needs a current GL 4.3 context for its whole life.
public final class ParticleCloud {
    /// `local_size_x` in sparkle_tick.comp.
    static let groupSize = 256
    /// Where the particles are bound, for the tick and the particle drawing.
    static let particlesBinding = 0
    let buffer = StorageBuffer()
    private let tickProgram: ShaderProgram
    private let tickBlock = UniformBlock<SparkleTickBlock>()
    public private(set) var count = 0

    /// `shaders`: the Shaders/sparkles folder.
    public init(shaders: ShaderSource, count: Int) throws {
        tickProgram = try ShaderProgram(compute: "sparkle_tick.comp", source: shaders)
        resize(count: count)
    }

    /// `count` unborn particles (each is born on the next tick), or the same cloud if unchanged.
    public func resize(count: Int) {
        guard count != self.count else { return }
        self.count = max(count, 1)
        upload([Particle](repeating: .unborn, count: self.count))
    }

    public func upload(_ particles: [Particle]) {
        count = particles.count
        buffer.upload(particles)
    }

    public func read() -> [Particle] {
        buffer.read(Particle.self, count: count)
    }

    /// One tick toward `centre` (px in the control's frame of `size`).
    public func tick(centre: SIMD2<Float>, size: SIMD2<Float>, parameters: SparkleParameters) {
        let p = parameters.clamped()
        tickBlock.bind(SparkleTickBlock(count: count, centre: centre, frameSize: size, p))
        buffer.bind(to: Self.particlesBinding)
        tickProgram.dispatch(invocations: count, groupSize: Self.groupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
    }
}
