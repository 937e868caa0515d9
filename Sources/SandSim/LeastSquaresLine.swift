/// A least-squares straight line y = a + slope · x through a set of points, with R².
struct LeastSquaresLine {
    let slope: Double
    /// Nil when the points are all at one height: a line fits them, but explains nothing.
    let rSquared: Double?

    /// Nil for fewer than `minimumCount` points or points all at one x.
    init?(_ points: [(x: Double, y: Double)], minimumCount: Int = 3) {
        guard points.count >= minimumCount else { return nil }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let sxy = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let sxx = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        let syy = points.reduce(0) { $0 + ($1.y - meanY) * ($1.y - meanY) }
        guard sxx > 0 else { return nil }
        slope = sxy / sxx
        rSquared = syy > 0 ? sxy * sxy / (sxx * syy) : nil
    }
}
