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
    /// floor, to be let go: sand slumps to a cone, a frictionless liquid spreads flat.
    static func column() -> [Grain] {
        let r = radius, spacing = 2.1 * r
        var ring: [SIMD2<Float>] = [.zero]
        for index in 0..<6 { ring.append(SIMD2(cos(Float(index) * .pi / 3), sin(Float(index) * .pi / 3)) * spacing) }
        for index in 0..<12 {
            let angle = Float(index) * .pi / 6
            ring.append(SIMD2(cos(angle), sin(angle)) * (index % 2 == 0 ? 2 * spacing : spacing * Float(3).squareRoot()))
        }
        let floor = -profile.innerHalfHeight + r
        return (0..<8).flatMap { layer in
            ring.map { Grain(position: [$0.x, floor + Float(layer) * spacing, $0.y], radius: r) }
        }
    }

    /// R² of a straight line through the upper count over 10–90% drained: 1 is a steady rate.
    static func straightness(_ trace: [DrainSample]) -> Double {
        let running = trace.filter { $0.phase == .running }
        guard let first = running.first else { return 0 }
        let total = Double(first.upper + first.lower)
        let points = running.filter { (0.1 * total...0.9 * total).contains(total - Double($0.upper)) }.map { (Double($0.time), Double($0.upper)) }
        guard points.count > 2 else { return 0 }
        let mx = points.map(\.0).reduce(0, +) / Double(points.count), my = points.map(\.1).reduce(0, +) / Double(points.count)
        let sxy = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }, syy = points.reduce(0) { $0 + ($1.1 - my) * ($1.1 - my) }
        return sxy * sxy / (sxx * syy)
    }
}
