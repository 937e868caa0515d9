@preconcurrency import CEpoxy
import GLSupport
import SandSim

/// Counts the grains above the neck on the GPU and brings the number back without ever waiting
/// for the GPU: each count goes into a slot of a small ring with a fence behind it, and a slot
/// is read (four bytes) only once its fence has passed, usually a frame later. Only when every
/// slot is still in flight does asking for another wait for the oldest. A slot's second word,
/// `slots` words on, holds the fastest grain's speed where the dispatch that counted measured it
/// (the write-back), read with the count.
final class UpperCounter {
    private let program: ShaderProgram
    private let block = UniformBlock<DispatchBlock>()
    /// A software renderer has run the count in the call: only its fence's signal is left.
    private let softwareGL = GLInfo.current().isSoftware
    private let counts = StorageBuffer()
    private var pending: [(slot: Int, tag: Int, fence: GLsync, speedOf: UInt32?)] = []
    private var nextSlot = 0
    private(set) var latest: UpperCount?
    /// The fastest grain's speed (units a second) at the end of the latest tick measured, and
    /// that tick's number (the engine's).
    private(set) var fastest: (speed: Float, tick: UInt32)?
    /// Bytes read back to the CPU since load: four a count.
    private(set) var bytesRead = 0

    static let slots = 8

    init(shaders: ShaderSource) throws {
        program = try ShaderProgram(compute: "count_upper.comp", source: shaders)
        counts.allocate(byteCount: 2 * Self.slots * MemoryLayout<UInt32>.stride)
    }

    deinit {
        pending.forEach { epoxy_glDeleteSync($0.fence) }
    }

    /// Forgets every count in flight, for a new pile.
    func reset(grainCount: Int) {
        pending.forEach { epoxy_glDeleteSync($0.fence) }
        pending = []
        latest = nil
        fastest = nil
        bytesRead = 0
    }

    /// Counts `particles`' grains above the neck into the next slot, labelled `tag`.
    func request(particles: StorageBuffer, grainCount: Int, tag: Int) {
        let slot = reserve()
        particles.bind(to: ComputeBindings.particles)
        counts.bind(to: ComputeBindings.upperCounts)
        block.bind(DispatchBlock(grainTotal: UInt32(grainCount), upperSlot: UInt32(slot)))
        program.dispatch(invocations: grainCount, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        seal(slot: slot, tag: tag)
    }

    /// The slot the next count goes into, free of any count in flight (waits for the oldest
    /// only when every slot is) and cleared. A dispatch that counts as it goes (the write-back,
    /// SmallPileTick) adds to it or writes it; the write-back writes its speed too.
    func reserve() -> Int {
        collect()
        if pending.count == Self.slots, let oldest = pending.first {
            wait(for: oldest.fence)
            collect()
        }
        let slot = nextSlot
        nextSlot = (nextSlot + 1) % Self.slots
        var zero: UInt32 = 0
        epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), counts.id)
        for word in [slot, slot + Self.slots] {
            epoxy_glClearBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), GLenum(GL_R32UI), GLintptr(word * 4), 4, GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_INT), &zero)
        }
        return slot
    }

    /// The buffer of slots, for a dispatch that counts into a reserved one.
    var buffer: StorageBuffer { counts }

    /// The count in `slot` is queued: read it, labelled `tag`, once the GPU is past it, and
    /// the fastest speed beside it if it was measured at the end of tick `speedOf`.
    func seal(slot: Int, tag: Int, speedOf: UInt32? = nil) {
        guard let fence = epoxy_glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) else { return }
        pending.append((slot, tag, fence, speedOf))
    }

    /// Forgets the speed measured so far (the grains were moved by other means: a flip).
    func forgetFastest() {
        fastest = nil
        for index in pending.indices { pending[index].speedOf = nil }
    }

    /// Reads every count whose fence has passed, oldest first, without waiting.
    func collect() {
        while let oldest = pending.first {
            // The flush makes sure the fence reaches the GPU, so it passes without another call.
            let status = epoxy_glClientWaitSync(oldest.fence, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), softwareGL ? 1_000_000_000 : 0)
            guard status == GLenum(GL_ALREADY_SIGNALED) || status == GLenum(GL_CONDITION_SATISFIED) else { return }
            pending.removeFirst()
            epoxy_glDeleteSync(oldest.fence)
            var value: UInt32 = 0
            epoxy_glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), counts.id)
            epoxy_glGetBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), GLintptr(oldest.slot * 4), 4, &value)
            bytesRead += 4
            latest = UpperCount(tag: oldest.tag, count: Int(value))
            if let tick = oldest.speedOf {
                var bits: UInt32 = 0
                epoxy_glGetBufferSubData(GLenum(GL_SHADER_STORAGE_BUFFER), GLintptr((oldest.slot + Self.slots) * 4), 4, &bits)
                bytesRead += 4
                fastest = (Float(bitPattern: bits), tick)
            }
        }
    }

    private func wait(for fence: GLsync) {
        while true {
            let status = epoxy_glClientWaitSync(fence, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), 1_000_000_000)
            if status != GLenum(GL_TIMEOUT_EXPIRED) { return }
        }
    }
}
