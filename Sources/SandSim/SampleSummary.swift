/// Median and 95th percentile of a set of timings: the middle of the distribution, and how bad
/// the slow tail gets. Nearest-rank percentiles, so every value reported was measured.
public struct SampleSummary: Codable, Sendable, Equatable {
    public var median: Double
    public var p95: Double
    public var count: Int

    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.percentile(50, of: sorted)
        p95 = Self.percentile(95, of: sorted)
    }

    /// The value below which `percent`% of the sorted samples fall (nearest rank).
    static func percentile(_ percent: Double, of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
