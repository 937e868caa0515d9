import ArgumentParser
import Foundation
import SandSim

/// Measures an engine's own flow through the neck (no drain controller, no neck friction, no
/// taps) at fixed gravities and fits Beverloo's law to it: the constants the timer's gravity
/// is chosen from (PhysicsConstants: the drain share, its edge and its exponent of g). With
/// `--neck-diameters`, through a long timer's narrowest neck at the gravity floor: the longest
/// timer each count can keep (DurationLimits).
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure an engine's free flow through the neck and fit Beverloo's law to it."
    )

    @Option(parsing: .unconditional, help: "Physics mode: cpu, gpu or instanced.")
    var mode: PhysicsMode = .cpu

    @Option(parsing: .unconditional, help: "Grain counts, comma-separated (two or more openings in grain diameters fit the edge).")
    var counts: String?

    @Option(parsing: .unconditional, help: "Gravities, comma-separated (two or more fit the exponent of g).")
    var gravities = "1,2"

    @Option(parsing: .unconditional, help: "Drains per count and gravity, each from a pile settled a little longer (the flow is chaotic: one drain is one path).")
    var repeats = 1

    @Option(parsing: .unconditional, help: "Seconds a drain may run before it counts as jammed.")
    var limit: Float = 30

    @Option(parsing: .unconditional, help: "Drain through a neck this many grains wide instead of the original's, and print the longest timer each count keeps (a long timer's narrowest neck: \(PhysicsConstants.longTimerNeckDiameters)).")
    var neckDiameters: Float?

    @Option(parsing: .unconditional, help: "The dead band at the opening's edge in grain diameters, where the counts cannot fit it (one opening in grain diameters).")
    // Through its decimal text, so the help shows 0.95 and not the Float's binary 0.9499999…
    var edge: Double = Double("\(PhysicsConstants.drainEdgeDiameters)") ?? Double(PhysicsConstants.drainEdgeDiameters)

    func parsedCounts() throws -> [Int] {
        try ArgumentChecks.list(counts ?? "\(mode.defaultCount)", option: "--counts").map { text in
            try GrainCountText.item(text, option: "--counts", range: mode.countRange, mode: mode)
        }
    }

    func parsedGravities() throws -> [Float] {
        try ArgumentChecks.list(gravities, option: "--gravities").map { text in
            guard let g = Float(text), (0.1...20).contains(g) else {
                throw ValidationError("'\(text)' in --gravities is not a gravity (0.1–20)")
            }
            return g
        }
    }

    func validate() throws {
        _ = try parsedCounts()
        _ = try parsedGravities()
        guard (5...600).contains(limit) else { throw ValidationError("--limit \(limit) s is outside 5–600 s") }
        if let neckDiameters, !(1.5...12).contains(neckDiameters) {
            throw ValidationError("--neck-diameters \(neckDiameters) is outside 1.5–12 grains")
        }
        guard (1...20).contains(repeats) else { throw ValidationError("--repeats \(repeats) is outside 1–20") }
        guard (0...4).contains(edge) else { throw ValidationError("--edge \(edge) is outside 0–4 grain diameters") }
    }

    func run() throws {
        var measurements: [DrainCalibration.Measurement] = []
        print("mode       grains  gravity    d/D  grains/s  share/s" + (neckDiameters == nil ? "" : "  keeps up to"))
        let reference = PhysicsConstants.drainReferenceOpening
        for count in try parsedCounts() {
            for gravity in try parsedGravities() {
                for round in 0..<repeats {
                    let (result, ran) = try Backend.with(mode: mode, count: count, duration: limit) { backend in
                        var drain = HeadlessRun(settleSeconds: HeadlessRun.defaultSettleSeconds + 0.1 * Float(round))
                        drain.freeGravity = gravity
                        drain.measureOverlap = false
                        drain.neckDiameters = neckDiameters
                        Console.progress("calibrate: \(backend.mode.rawValue) \(count) grains at g = \(gravity)")
                        return (drain.run(backend.run.hourglass), backend.mode)
                    }
                    let radius = result.profile.grainRadius
                    let opening = 2 * (neckDiameters.map { $0 * radius } ?? HourglassProfile.innerNeckRadius(grainRadius: radius))
                    let ratio = 2 * radius / opening
                    guard let rate = DrainSample.flowRate(result.trace) else {
                        print(Self.modeColumn(ran) + String(format: " %7d %8.2f %6.3f  jammed before 90%% drained in %.0f s", count, gravity, ratio, limit))
                        continue
                    }
                    let measurement = DrainCalibration.Measurement(count: count, gravity: gravity, opening: opening, diameter: 2 * radius, grainsPerSecond: rate)
                    measurements.append(measurement)
                    // Held back at most `longestHoldBack` times, the sand keeps a timer that much longer than it drains alone.
                    let longest = neckDiameters == nil ? "" : String(format: "  %.1f min", Double(PhysicsConstants.longestHoldBack) / measurement.share / 60)
                    print(Self.modeColumn(ran) + String(format: " %7d %8.2f %6.3f %9.1f %8.4f", count, gravity, ratio, rate, measurement.share) + longest)
                }
            }
        }
        guard let fit = DrainCalibration.fit(measurements, edgeDiameters: edge) else {
            throw CommandError("calibrate: too few drains finished to fit")
        }
        print(String(format: "fit: share a second = %.4f · ((D − %.2f·d) / %.2f)^2.5 · g^%.2f", fit.full, fit.edgeDiameters, reference, fit.gravityExponent))
        let assumed = [(DrainCalibration.fitsEdge(measurements), String(format: "the edge %.2f·d (every opening the same in grain diameters)", fit.edgeDiameters)),
                       (DrainCalibration.fitsExponent(measurements), String(format: "the exponent of g %.2f (one gravity a count)", fit.gravityExponent))]
            .filter { !$0.0 }.map(\.1)
        if !assumed.isEmpty { print("assumed, not fitted: " + assumed.joined(separator: "; ")) }
    }

    /// The mode padded to the table's first column: a width in `String(format:)` pads nothing
    /// given a Swift string on Linux.
    private static func modeColumn(_ mode: PhysicsMode) -> String {
        mode.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
    }
}
