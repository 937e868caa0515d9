import Foundation

/// The original's `-dumpspawn`: how many grains start at which height, by region, so a spawn
/// that puts grains in the neck or the upper chamber shows at a glance.
public struct SpawnHistogram: Sendable {
    public struct Band: Sendable {
        public var low: Float
        public var high: Float
        public var count: Int
    }

    public let upperChamber: Int
    public let neck: Int
    public let lowerChamber: Int
    public let bands: [Band]
    public let grainRadius: Float
    public let topY: Float

    public static let bandHeight: Float = 0.05

    public init(grains: [Grain], profile: HourglassProfile) {
        let heights = grains.map(\.position.y)
        let neckLimit = PhysicsConstants.neckHalfHeight
        upperChamber = heights.filter { $0 >= neckLimit }.count
        neck = heights.filter { abs($0) < neckLimit }.count
        lowerChamber = heights.filter { $0 <= -neckLimit }.count
        grainRadius = profile.grainRadius
        topY = heights.max() ?? 0
        let bottom = -PhysicsConstants.glassHalfHeight
        let bandCount = Int((2 * PhysicsConstants.glassHalfHeight / Self.bandHeight).rounded())
        var counts = [Int](repeating: 0, count: bandCount)
        for y in heights {
            let index = min(max(Int((y - bottom) / Self.bandHeight), 0), bandCount - 1)
            counts[index] += 1
        }
        bands = counts.indices.map { index in
            let low = bottom + Float(index) * Self.bandHeight
            return Band(low: low, high: low + Self.bandHeight, count: counts[index])
        }
    }

    public var text: String {
        var lines = [
            "spawn: \(upperChamber + neck + lowerChamber) grains, radius \(RunSummary.format(Double(grainRadius), digits: 4)), highest centre y = \(RunSummary.format(Double(topY), digits: 3))",
            "upper chamber (y >= \(PhysicsConstants.neckHalfHeight)): \(upperChamber)",
            "neck (|y| < \(PhysicsConstants.neckHalfHeight)): \(neck)",
            "lower chamber (y <= -\(PhysicsConstants.neckHalfHeight)): \(lowerChamber)",
            "height band            grains",
        ]
        for band in bands.reversed() where band.count > 0 {
            let label = "[\(RunSummary.format(Double(band.low), digits: 2)), \(RunSummary.format(Double(band.high), digits: 2)))"
            lines.append(label.padding(toLength: 22, withPad: " ", startingAt: 0) + " " + String(band.count))
        }
        return lines.joined(separator: "\n")
    }
}
