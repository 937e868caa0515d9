import ArgumentParser
import SandSim

extension PhysicsMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Mode, count and size, as every command takes them; the original's `-mode`, `-count` and
/// `-size` spellings work too.
struct GrainOptions: ParsableArguments {
    @Option(name: [.long, .customLong("mode", withSingleDash: true)], help: "Physics mode: cpu, gpu or instanced (the original's Metal).")
    var mode: PhysicsMode = .cpu

    @Option(name: [.long, .customLong("count", withSingleDash: true)], help: "Number of grains (default: the mode's default; cpu 50–250, gpu 50–10000, instanced 50–50000).")
    var count: Int?

    @Option(name: [.long, .customLong("size", withSingleDash: true)], help: "Grain size multiplier, 0.5–1.5.")
    var size: Float = 1

    var resolvedCount: Int { count ?? mode.defaultCount }

    func validate() throws {
        try Self.validate(count: resolvedCount, range: mode.countRange, label: "\(mode.rawValue) mode")
        guard GrainSizing.sizeRange.contains(size) else {
            throw ValidationError("size \(size) is outside \(GrainSizing.sizeRange.lowerBound)–\(GrainSizing.sizeRange.upperBound)")
        }
    }

    static func validate(count: Int, range: ClosedRange<Int>, label: String) throws {
        guard range.contains(count) else {
            throw ValidationError("count \(count) is outside \(label)'s range \(range.lowerBound)–\(range.upperBound)")
        }
    }
}
