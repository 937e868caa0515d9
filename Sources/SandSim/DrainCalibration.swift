import Foundation

/// Fits each engine's free flow through the neck to Beverloo's law (docs/PHYSICS.md):
/// Q = C·√g·(D − k·d)^{5/2} grains a second through an opening D for grains of diameter d. The
/// pile's volume is the same at every count (N·d³ is fixed), so the share of the pile through
/// per second is `full · ((D − k·d) / D₀)^{5/2} · g^exponent`, with D₀ a reference opening
/// (`drainReferenceOpening`), k the dead band at the opening's edge in grain diameters, and
/// the exponent of g Beverloo's ½, or more where faster sand is damped less.
public struct DrainCalibration: Sendable, Equatable {
    /// One free drain: the pile left alone at `gravity`, its flow over 10–90% drained.
    public struct Measurement: Sendable, Equatable {
        public var count: Int
        public var gravity: Float
        /// The neck's inner opening and the grain diameter, in scene units.
        public var opening: Float
        public var diameter: Float
        public var grainsPerSecond: Double
        /// The share of the pile through the neck per second.
        public var share: Double { grainsPerSecond / Double(count) }

        public init(count: Int, gravity: Float, opening: Float, diameter: Float, grainsPerSecond: Double) {
            (self.count, self.gravity, self.opening, self.diameter) = (count, gravity, opening, diameter)
            self.grainsPerSecond = grainsPerSecond
        }
    }

    public var full: Double
    public var edgeDiameters: Double
    public var gravityExponent: Double

    public init(full: Double, edgeDiameters: Double, gravityExponent: Double) {
        (self.full, self.edgeDiameters, self.gravityExponent) = (full, edgeDiameters, gravityExponent)
    }

    /// The fit to `measurements`. The exponent of g needs one count at two gravities, k
    /// openings of two sizes in grain diameters; what the data cannot fix keeps the value given.
    public static func fit(_ measurements: [Measurement], edgeDiameters: Double = Double(PhysicsConstants.drainEdgeDiameters),
                           gravityExponent: Double = Double(PhysicsConstants.drainGravityExponent)) -> DrainCalibration? {
        guard !measurements.isEmpty else { return nil }
        // The exponent: the slope of log share against log g, each count about its own means.
        var sxy = 0.0, sxx = 0.0
        for count in Set(measurements.map(\.count)) {
            let runs = measurements.filter { $0.count == count && $0.share > 0 }
            let logG = runs.map { log(Double($0.gravity)) }, logShare = runs.map { log($0.share) }
            guard runs.count > 1 else { continue }
            let mg = logG.reduce(0, +) / Double(runs.count), ms = logShare.reduce(0, +) / Double(runs.count)
            sxy += zip(logG, logShare).reduce(0) { $0 + ($1.0 - mg) * ($1.1 - ms) }
            sxx += logG.reduce(0) { $0 + ($1 - mg) * ($1 - mg) }
        }
        let exponent = sxx > 1e-9 ? sxy / sxx : gravityExponent
        // (share / g^e)^{2/5} = a·(D − k·d): a straight line through the origin in D and d.
        let reference = Double(PhysicsConstants.drainReferenceOpening)
        let rows = measurements.map { (Double($0.opening) / reference, Double($0.diameter) / reference,
                                       pow($0.share / pow(Double($0.gravity), exponent), 0.4)) }
        var k = edgeDiameters
        var a: Double
        if fitsEdge(measurements) {
            let sDD = rows.reduce(0) { $0 + $1.0 * $1.0 }, sdd = rows.reduce(0) { $0 + $1.1 * $1.1 }
            let sDd = rows.reduce(0) { $0 + $1.0 * $1.1 }
            let sDy = rows.reduce(0) { $0 + $1.0 * $1.2 }, sdy = rows.reduce(0) { $0 + $1.1 * $1.2 }
            let determinant = sDD * sdd - sDd * sDd
            guard abs(determinant) > 1e-12 else { return nil }
            a = (sDy * sdd - sdy * sDd) / determinant
            let b = (sdy * sDD - sDy * sDd) / determinant
            guard a > 0 else { return nil }
            k = -b / a
        } else {
            let free = rows.map { $0.0 - k * $0.1 }
            let sff = free.reduce(0) { $0 + $1 * $1 }
            guard sff > 0 else { return nil }
            a = zip(free, rows).reduce(0) { $0 + $1.0 * $1.1.2 } / sff
        }
        return DrainCalibration(full: pow(a, 2.5), edgeDiameters: k, gravityExponent: exponent)
    }

    /// Whether `measurements` fix the exponent of g (one count at two gravities or more) and
    /// the edge (openings of two sizes in grain diameters); `fit` keeps the values given for
    /// what they do not.
    public static func fitsExponent(_ measurements: [Measurement]) -> Bool {
        Dictionary(grouping: measurements.filter { $0.share > 0 }, by: \.count).values.contains { Set($0.map(\.gravity)).count > 1 }
    }

    public static func fitsEdge(_ measurements: [Measurement]) -> Bool {
        let ratios = measurements.map { $0.diameter / $0.opening }
        guard let low = ratios.min(), let high = ratios.max() else { return false }
        return high - low > 0.02
    }

    /// The share of the pile a second through `opening` for grains of `diameter` at `gravity`.
    public func share(opening: Float, diameter: Float, gravity: Float) -> Double {
        let free = max(Double(opening - diameter * Float(edgeDiameters)), 0) / Double(PhysicsConstants.drainReferenceOpening)
        return full * pow(free, 2.5) * pow(Double(gravity), gravityExponent)
    }
}
