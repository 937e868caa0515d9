import Foundation
import SandSim

/// Small hand-made scenes shared by the engine tests.
enum Scenes {
    static let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
    static let radius = profile.grainRadius
    static let fiveSeconds = SimulationParameters(duration: 5)
    static let frame: Float = 1.0 / 60.0

    static func engine(_ grains: [Grain]) -> CPUEngine {
        let engine = CPUEngine()
        engine.load(grains, profile: profile)
        return engine
    }

    static func run(_ engine: PhysicsEngine, seconds: Float, angle: Float = 0, parameters: SimulationParameters = fiveSeconds) {
        for _ in 0..<Int((seconds / frame).rounded()) {
            engine.step(frameDt: frame, angle: angle, parameters: parameters)
        }
    }

    /// Mean distance the grains move per second over `seconds`: real motion, not the velocity state.
    static func meanMotion(_ engine: PhysicsEngine, seconds: Float, parameters: SimulationParameters = fiveSeconds) -> Float {
        let before = engine.readGrains()
        run(engine, seconds: seconds, parameters: parameters)
        let after = engine.readGrains()
        let total = zip(before, after).reduce(Float(0)) { sum, pair in
            let d = pair.1.position - pair.0.position
            return sum + (d * d).sum().squareRoot()
        }
        return total / Float(before.count) / seconds
    }
}

extension Scenes {
    /// Eight layers of 19 grains of the 250-grain size, a column on the axis standing on the
    /// floor, to be let go: sand slumps to a cone, a frictionless liquid spreads flat. `turn`
    /// turns the whole column about the axis: the collapse is chaotic, so a test looks at several.
    static func column(turn: Float = 0) -> [Grain] {
        let r = radius, spacing = 2.1 * r
        var ring: [SIMD2<Float>] = [.zero]
        for index in 0..<6 { ring.append(SIMD2(cos(Float(index) * .pi / 3), sin(Float(index) * .pi / 3)) * spacing) }
        for index in 0..<12 {
            let angle = Float(index) * .pi / 6
            ring.append(SIMD2(cos(angle), sin(angle)) * (index % 2 == 0 ? 2 * spacing : spacing * Float(3).squareRoot()))
        }
        let floor = -profile.innerHalfHeight + r
        // Each layer turned a little from the one below, so the grains do not stand on each
        // other's tops, an equilibrium no real column keeps.
        return (0..<8).flatMap { layer in
            ring.map { point in
                let angle = turn + Float(layer) * 0.5, c = cos(angle), s = sin(angle)
                return Grain(position: [c * point.x - s * point.y, floor + Float(layer) * 1.8 * r, s * point.x + c * point.y], radius: r)
            }
        }
    }
}
