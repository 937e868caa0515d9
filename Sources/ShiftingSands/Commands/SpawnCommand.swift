import ArgumentParser
import SandSim

/// The original's `-dumpspawn`: where a fresh pile puts its grains.
struct SpawnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spawn",
        abstract: "Print the histogram of spawn heights by region (upper chamber, neck, lower chamber)."
    )

    @OptionGroup var grains: GrainOptions<SpawnDefaults>

    var count: Int { grains.count ?? GrainSizing.referenceCount }
    var size: Float { grains.size ?? 1 }

    /// With --mode the count is checked against that mode's range, else against the widest.
    func validate() throws {
        try validateGrains(mode: grains.mode, count: count, size: size)
    }

    func run() {
        let pile = Pile(count: count, size: size)
        print(SpawnHistogram(grains: pile.grains(), profile: pile.profile).text)
    }
}

enum SpawnDefaults: GrainDefaults {
    static var mode: String { "none; given, the count is checked against its range" }
    static var count: String { NumberText.whole(GrainSizing.referenceCount) }
}
