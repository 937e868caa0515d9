/// Where physics runs and how grains reach the screen.
public enum PhysicsMode: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    /// Swift engine; positions uploaded for one instanced sphere draw.
    case cpu
    /// Compute shader; positions read back to the CPU, then drawn as in CPU mode.
    case gpu
    /// Compute shader plus mesh expansion into a vertex buffer that is drawn directly.
    case instanced

    /// Grain counts the app offers in each mode: far beyond the original's 250 / 10,000 / 50,000,
    /// as far as each engine runs (docs/BENCHMARKS.md).
    public var countRange: ClosedRange<Int> {
        switch self {
        case .cpu: 50...50_000
        case .gpu: 50...100_000
        case .instanced: 50...1_000_000
        }
    }

    public var defaultCount: Int {
        switch self {
        case .cpu: 250
        case .gpu: 1_000
        case .instanced: 2_000
        }
    }

    public var displayName: String {
        switch self {
        case .cpu: "CPU"
        case .gpu: "GPU"
        case .instanced: "Instanced"
        }
    }

    /// Accepts our names and the original's (`CPU`, `GPU`, `Metal`), in any case.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "cpu": self = .cpu
        case "gpu": self = .gpu
        case "instanced", "metal": self = .instanced
        default: return nil
        }
    }
}
