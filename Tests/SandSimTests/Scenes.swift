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
