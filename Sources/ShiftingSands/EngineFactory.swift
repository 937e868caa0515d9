import SandSim

/// Builds the engine for a mode.
enum EngineFactory {
    static func makeEngine(mode: PhysicsMode) throws -> PhysicsEngine {
        switch mode {
        case .cpu: CPUEngine()
        case .gpu, .instanced: throw CommandError("the \(mode.rawValue) mode needs the compute engine, which is not built yet")
        }
    }

    static func renderer(of engine: PhysicsEngine) -> String? {
        nil
    }
}
