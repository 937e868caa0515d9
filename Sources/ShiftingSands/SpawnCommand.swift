import ArgumentParser
import SandSim

/// The original's `-dumpspawn`: where a fresh pile puts its grains.
struct SpawnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spawn",
        abstract: "Print the histogram of spawn heights by region (upper chamber, neck, lower chamber)."
    )

    @Option(name: [.long, .customLong("mode", withSingleDash: true)], help: "Check the count against this mode's range: cpu, gpu or instanced.")
    var mode: PhysicsMode?

    @Option(name: [.long, .customLong("count", withSingleDash: true)], help: "Number of grains, 50–50000.")
    var count: Int = GrainSizing.referenceCount

    @Option(name: [.long, .customLong("size", withSingleDash: true)], help: "Grain size multiplier, 0.5–1.5.")
    var size: Float = 1

    func validate() throws {
        try GrainOptions(mode: mode ?? .instanced, count: count, size: size).validate()
    }

    func run() {
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count, size: size))
        print(SpawnHistogram(grains: SpawnLattice.grains(count: count, profile: profile), profile: profile).text)
    }
}

extension GrainOptions {
    init(mode: PhysicsMode, count: Int, size: Float) {
        self.init()
        self.mode = mode
        self.count = count
        self.size = size
    }
}
