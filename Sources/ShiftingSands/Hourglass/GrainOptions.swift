import ArgumentParser
import SandGL
import SandSim

extension PhysicsMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension GrainShape: ExpressibleByArgument {}

/// Mode, count and size, as every command takes them; the original's `-mode`, `-count` and
/// `-size` spellings work too. Left out, each command fills them its own way, which its help says
/// (`Defaults`). Numbers are taken as values even when they start with a dash, so `--count -5` is
/// refused as out of range.
struct GrainOptions<Defaults: GrainDefaults>: ParsableArguments {
    @Option(name: [.long, .customLong("mode", withSingleDash: true)], help: "Physics mode: cpu, gpu or instanced (the original's Metal) (default: \(Defaults.mode)).")
    var mode: PhysicsMode?

    @Option(name: [.long, .customLong("count", withSingleDash: true)], parsing: .unconditional,
            help: ArgumentHelp("Number of grains: \(GrainCountText.eachMode) (default: \(Defaults.count)).", valueName: "count"),
            transform: GrainCountText.parse)
    var count: Int?

    @Option(name: [.long, .customLong("size", withSingleDash: true)], parsing: .unconditional, help: "Grain size multiplier, 0.5–1.5 (default: \(Defaults.size)).")
    var size: Float?
}

/// What a command takes for a mode, count or size left out, as its help says it.
protocol GrainDefaults {
    static var mode: String { get }
    static var count: String { get }
    static var size: String { get }
}

extension GrainDefaults {
    static var mode: String { "cpu" }
    static var count: String {
        "the mode's, " + PhysicsMode.allCases.map { "\($0.rawValue) \(NumberText.whole($0.defaultCount))" }.joined(separator: ", ")
    }
    static var size: String { "1" }
}

/// Checks a count against a mode's range (without a mode, against every mode's: the widest)
/// and a size against 0.5–1.5: the same words for every command and the overlay's box.
func validateGrains(mode: PhysicsMode?, count: Int, size: Float) throws {
    let range = mode?.countRange ?? GrainCountText.anyMode
    guard range.contains(count) else {
        throw ValidationError(GrainCountText.outside(count, range: range, mode: mode))
    }
    guard GrainSizing.sizeRange.contains(size) else {
        throw ValidationError("size \(size) is outside \(GrainSizing.sizeRange.lowerBound)–\(GrainSizing.sizeRange.upperBound)")
    }
}
