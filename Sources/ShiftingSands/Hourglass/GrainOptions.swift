import ArgumentParser
import SandGL
import SandSim

extension PhysicsMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension GrainShape: ExpressibleByArgument {}

/// Mode, count and size, as every command takes them; the original's `-mode`, `-count` and
/// `-size` spellings work too. Left out, each command fills them its own way (simulate: CPU
/// and the mode's default count; spawn: 250; run: the saved settings). Numbers are taken as
/// values even when they start with a dash, so `--count -5` is refused as out of range.
struct GrainOptions: ParsableArguments {
    @Option(name: [.long, .customLong("mode", withSingleDash: true)], help: "Physics mode: cpu, gpu or instanced (the original's Metal) (default: cpu; run: as last saved).")
    var mode: PhysicsMode?

    @Option(name: [.long, .customLong("count", withSingleDash: true)], parsing: .unconditional,
            help: ArgumentHelp("Number of grains: \(GrainCountText.eachMode) (default: the mode's, \(PhysicsMode.allCases.map { "\($0.rawValue) \(NumberText.whole($0.defaultCount))" }.joined(separator: ", ")); spawn 250; run: as last saved, else what fits this machine).", valueName: "count"),
            transform: GrainCountText.parse)
    var count: Int?

    @Option(name: [.long, .customLong("size", withSingleDash: true)], parsing: .unconditional, help: "Grain size multiplier, 0.5–1.5 (default: 1; run: as last saved).")
    var size: Float?

    /// Checks a count against a mode's range (without a mode, against every mode's: the widest)
    /// and a size against 0.5–1.5.
    static func validate(mode: PhysicsMode?, count: Int, size: Float) throws {
        let range = mode?.countRange ?? GrainCountText.anyMode
        guard range.contains(count) else {
            throw ValidationError(GrainCountText.outside(count, range: range, mode: mode))
        }
        guard GrainSizing.sizeRange.contains(size) else {
            throw ValidationError("size \(size) is outside \(GrainSizing.sizeRange.lowerBound)–\(GrainSizing.sizeRange.upperBound)")
        }
    }
}
