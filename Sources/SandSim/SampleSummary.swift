/// Median and 95th percentile of a set of timings: the middle of the distribution, and how bad
/// the slow tail gets. Nearest-rank percentiles, so every value reported was measured.
public struct SampleSummary: Codable, Sendable, Equatable {
    public var median: Double
    public var p95: Double
    public var count: Int
    /// The quartiles, for the spread a comparison needs (nil in reports written before them).
    public var p25: Double?
    public var p75: Double?

    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.percentile(50, of: sorted)
        p95 = Self.percentile(95, of: sorted)
        p25 = Self.percentile(25, of: sorted)
        p75 = Self.percentile(75, of: sorted)
    }

    /// Half the width of the median's notch (McGill, Tukey and Larsen 1978: 1.58 · IQR / √n, about a
    /// 95% interval for the median); where two notches do not overlap, the medians differ.
    public var notch: Double {
        guard let p25, let p75, count > 0 else { return 0 }
        return 1.58 * (p75 - p25) / Double(count).squareRoot()
    }

    /// The value below which `percent`% of the sorted samples fall (nearest rank).
    static func percentile(_ percent: Double, of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
