@preconcurrency import CEpoxy
import GLSupport

/// The particle pool on the GPU: one storage buffer of `TitaniumParticle`s, split into the three
/// layers' lanes, that `titanium_tick.comp` advances a tick at a time. Needs a current GL 4.3
/// context for its whole life.
public final class TitaniumField {
    static let groupSize = 256
    /// Where the particles are bound, for the tick and the drawing.
    static let particlesBinding = 0
    /// Ticks longer than this are split (fields act through velocity, so a long step overshoots).
    public static let maxTick: Float = 1.0 / 30
    let buffer = StorageBuffer()
    private let tickProgram: ShaderProgram
    private let tickBlock = UniformBlock<TitaniumTickBlock>()
    /// Lanes of each layer.
    public private(set) var capacities: [Int] = [0, 0, 0]
    public var count: Int { capacities.reduce(0, +) }

    /// The radial fields a tick takes: the cursor's and the ripples' (TitaniumTickBlock.Fields
    /// holds this many, checked by a test).
    public static let maxFields = TitaniumTimeline.maxRipples + 1
    /// `shaders`: the Shaders/titanium folder with its numbers (`ShaderSource.titanium`).
    public init(shaders: ShaderSource, parameters: TitaniumParameters, time: Float = 0) throws {
        tickProgram = try ShaderProgram(compute: "titanium_tick.comp", source: shaders)
        reset(parameters: parameters, time: time)
    }

    /// A fresh pool sized for `parameters` (every lane unborn, first births staggered from `time`).
    public func reset(parameters: TitaniumParameters, time: Float) {
        capacities = TitaniumReference.capacities(parameters: parameters)
        upload(TitaniumReference.freshPool(capacities: capacities, parameters: parameters, time: time), capacities: capacities)
    }

    /// Whether `parameters` need more lanes than the pool has (or far fewer), so `reset` is due.
    public func needsResize(for parameters: TitaniumParameters) -> Bool {
        let wanted = TitaniumReference.capacities(parameters: parameters)
        return zip(wanted, capacities).contains { want, have in want > have || (want == 0) != (have == 0) || want * 2 < have }
    }

    public func upload(_ particles: [TitaniumParticle], capacities: [Int]) {
        precondition(particles.count == capacities.reduce(0, +))
        self.capacities = capacities
        buffer.upload(particles.isEmpty ? [TitaniumParticle()] : particles)
    }

    public func read() -> [TitaniumParticle] {
        buffer.read(TitaniumParticle.self, count: count)
    }

    /// Advances the pool by `dt` to clock time `time`, in ticks of at most `maxTick`.
    public func advance(dt: Float, time: Float, parameters: TitaniumParameters, forces: TitaniumReference.Forces) {
        let steps = max(Int((dt / Self.maxTick).rounded(.up)), 1)
        let step = dt / Float(steps)
        for i in 0..<steps {
            var f = forces
            f.time = time - dt + step * Float(i + 1)
            tick(dt: step, time: f.time, parameters: parameters, forces: f)
        }
    }

    /// One tick (TitaniumReference.tick for every slot).
    public func tick(dt: Float, time: Float, parameters: TitaniumParameters, forces: TitaniumReference.Forces) {
        guard count > 0 else { return }
        let p = parameters.clamped()
        var block = TitaniumTickBlock()
        block.count = UInt32(count)
        var end = 0
        for layer in 0..<3 {
            end += capacities[layer]
            block.layerEnds[layer] = UInt32(end)
        }
        block.birthRates = PackedFloat3(p.birthRates)
        block.layerAlphas = PackedFloat3(p.alphas)
        let theme = TitaniumTheme.all[p.theme]
        for layer in 0..<3 { block.layerColours[layer] = SIMD4(theme.colour(layer: layer), 0) }
        let emitters = TitaniumReference.emitters(parameters: p)
        var start = 0
        for layer in 0..<3 {
            let own = emitters.filter { $0.layer == layer }
            block.emitterStarts[layer] = Int32(start)
            block.emitterCounts[layer] = Int32(own.count)
            var cumulative: Float = 0
            for (i, e) in own.enumerated() {
                cumulative += e.weight
                block.emitters[start + i] = SIMD4(e.centre.x, e.centre.y, e.halfSide, cumulative)
            }
            start += own.count
        }
        (block.dt, block.time, block.square) = (dt, time, p.squareSize)
        (block.scale, block.scaleRange, block.lifetime, block.lifetimeRange) = (p.scale, p.scaleRange, p.lifetime, p.lifetimeRange)
        (block.speed, block.speedRange, block.gravityVariation) = (p.speed, p.speedRange, p.gravityVariation)
        block.theme = UInt32(p.theme)
        let fields = forces.radial.prefix(Self.maxFields)
        for (i, field) in fields.enumerated() {
            block.fields[i] = SIMD4(field.centre.x, field.centre.y, field.radius, field.strength)
        }
        block.fieldCount = Int32(fields.count)
        block.gravityOn = p.gravityEnabled ? 1 : 0
        block.gravity = SIMD2(p.gravityDirectionX, p.gravityDirectionY) * p.gravityStrength
        block.turbulenceOn = p.turbulenceEnabled ? 1 : 0
        (block.turbulenceStrength, block.turbulenceRadius) = (p.turbulenceStrength, p.turbulenceRadius)
        block.turbulenceCentre = SIMD2(p.turbulenceX, p.turbulenceY) * p.squareSize / 2
        (block.smoothness, block.animationSpeed, block.burst) = (p.turbulenceSmoothness, p.turbulenceAnimationSpeed, forces.burst)
        tickBlock.bind(block)
        buffer.bind(to: Self.particlesBinding)
        tickProgram.dispatch(invocations: count, groupSize: Self.groupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
    }
}
