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
    @Option(name: [.long, .customLong("mode", withSingleDash: true)], help: "Physics mode: cpu, gpu or instanced (the original's Metal).")
    var mode: PhysicsMode?

    @Option(name: [.long, .customLong("count", withSingleDash: true)], parsing: .unconditional, help: "Number of grains: cpu 50–50000, gpu 50–100000, instanced 50–1000000.")
    var count: Int?

    @Option(name: [.long, .customLong("size", withSingleDash: true)], parsing: .unconditional, help: "Grain size multiplier, 0.5–1.5.")
    var size: Float?

    /// Checks a count against a mode's range (without a mode, against every mode's: the widest)
    /// and a size against 0.5–1.5.
    static func validate(mode: PhysicsMode?, count: Int, size: Float) throws {
        if let mode {
            guard mode.countRange.contains(count) else {
                throw ValidationError("count \(NumberText.whole(count)) is outside \(mode.rawValue) mode's range \(NumberText.whole(mode.countRange.lowerBound))–\(NumberText.whole(mode.countRange.upperBound))")
            }
        } else {
            let lowest = PhysicsMode.allCases.map(\.countRange.lowerBound).min()!, highest = PhysicsMode.allCases.map(\.countRange.upperBound).max()!
            guard (lowest...highest).contains(count) else {
                throw ValidationError("count \(NumberText.whole(count)) is outside \(NumberText.whole(lowest))–\(NumberText.whole(highest)), the counts any mode takes")
            }
        }
        guard GrainSizing.sizeRange.contains(size) else {
            throw ValidationError("size \(size) is outside \(GrainSizing.sizeRange.lowerBound)–\(GrainSizing.sizeRange.upperBound)")
        }
    }
}
