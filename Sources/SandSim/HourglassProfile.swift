/// A point of the glass silhouette: distance from the Y axis and height.
public struct ProfilePoint: Sendable, Equatable {
    public var radius: Float
    public var y: Float
    public init(radius: Float, y: Float) {
        (self.radius, self.y) = (radius, y)
    }
}

/// The hourglass silhouette, sized for one grain radius: 11 control points, a Catmull-Rom curve
/// through them, and the inner profile (offset inward by the wall) that is the collider.
/// Symmetric about y = 0, so a half turn leaves the shape unchanged.
public struct HourglassProfile: Sendable {
    public static let samplesPerSegment = 8
    /// Bulb of the lower chamber, bottom to shoulder: (radius, y). The upper chamber mirrors it.
    static let bulb: [ProfilePoint] = [
        ProfilePoint(radius: 0.160, y: -0.50),
        ProfilePoint(radius: 0.205, y: -0.45),
        ProfilePoint(radius: 0.225, y: -0.33),
        ProfilePoint(radius: 0.200, y: -0.18),
    ]

    public let grainRadius: Float
    public let controlPoints: [ProfilePoint]
    /// The smooth outer surface, bottom to top (~80 points); this is what is drawn.
    public let outer: [ProfilePoint]
    /// The outer surface moved inward by the wall thickness; this is what grains collide with.
    public let inner: [ProfilePoint]

    /// The inner neck's radius: the original's (`innerNeckRadius(grainRadius:)`) unless a long
    /// timer asks for a narrower one (NeckSizing).
    public let innerNeckRadius: Float

    public init(grainRadius: Float, innerNeckRadius: Float? = nil) {
        self.grainRadius = grainRadius
        self.innerNeckRadius = innerNeckRadius ?? Self.innerNeckRadius(grainRadius: grainRadius)
        let neck = ProfilePoint(radius: self.innerNeckRadius + PhysicsConstants.wallThickness, y: 0)
        let shoulder = ProfilePoint(radius: neck.radius + PhysicsConstants.shoulderWidening, y: -PhysicsConstants.shoulderHeight)
        let lowerHalf = Self.bulb + [shoulder]
        let upperHalf = lowerHalf.reversed().map { ProfilePoint(radius: $0.radius, y: -$0.y) }
        controlPoints = lowerHalf + [neck] + upperHalf
        outer = Self.catmullRom(controlPoints, samplesPerSegment: Self.samplesPerSegment)
        inner = outer.map { ProfilePoint(radius: $0.radius - PhysicsConstants.wallThickness, y: $0.y) }
    }

    /// Outer neck radius: the inner opening plus the wall.
    public static func outerNeckRadius(grainRadius: Float) -> Float {
        innerNeckRadius(grainRadius: grainRadius) + PhysicsConstants.wallThickness
    }

    /// Inner neck radius: the opening is a fixed share of the bulb's width, so the sand runs
    /// at a steady rate through an opening that looks like an hourglass's, but at least
    /// `neckMinimumDiameters` grains wide, where openings stop clogging. (The original's neck
    /// let one grain through: `grainRadius + 0.002`.)
    public static func innerNeckRadius(grainRadius: Float) -> Float {
        max(PhysicsConstants.neckOpeningFraction * chamberRadius, PhysicsConstants.neckMinimumDiameters * grainRadius)
    }

    /// Lowest and highest height a grain's centre can reach touching the floor and ceiling.
    public var innerHalfHeight: Float { PhysicsConstants.glassHalfHeight - PhysicsConstants.wallThickness }
    /// Widest inner radius of a chamber; independent of the neck, so sizing can use it.
    public static var chamberRadius: Float {
        bulb.map(\.radius).max()! - PhysicsConstants.wallThickness
    }

    /// Slope d(innerRadius)/dy at height `y`, from the profile either side: the wall's normal
    /// in the (radial, y) plane is (1, −slope), normalised.
    func innerSlopeAt(_ y: Float) -> Float {
        inner.withUnsafeBufferPointer { WallCurve(points: $0).slope(at: y) }
    }

    /// Inner glass radius at height `y` (WallCurve).
    public func innerRadiusAt(_ y: Float) -> Float {
        inner.withUnsafeBufferPointer { WallCurve(points: $0).radius(at: y) }
    }

    /// Catmull-Rom through the control points with height as the parameter: each point's
    /// tangent is the slope dr/dy between its neighbours, and each segment is a cubic Hermite
    /// in y. The profile stays a function of height (one radius per y, as the collider needs).
    /// Tangents are limited as Fritsch and Carlson do, so no segment overshoots its ends and
    /// the neck stays the narrowest point however steep the shoulders.
    static func catmullRom(_ points: [ProfilePoint], samplesPerSegment: Int) -> [ProfilePoint] {
        let slopes = points.indices.map { index in
            let before = points[max(index - 1, 0)], after = points[min(index + 1, points.count - 1)]
            return (after.radius - before.radius) / (after.y - before.y)
        }
        var result: [ProfilePoint] = []
        for segment in 0..<(points.count - 1) {
            let start = points[segment], end = points[segment + 1]
            let height = end.y - start.y
            let rise = end.radius - start.radius
            let m0 = monotone(slopes[segment] * height, rise: rise)
            let m1 = monotone(slopes[segment + 1] * height, rise: rise)
            for sample in 0..<samplesPerSegment {
                let t = Float(sample) / Float(samplesPerSegment)
                let t2 = t * t, t3 = t2 * t
                let radius = (2 * t3 - 3 * t2 + 1) * start.radius + (t3 - 2 * t2 + t) * m0
                    + (-2 * t3 + 3 * t2) * end.radius + (t3 - t2) * m1
                result.append(ProfilePoint(radius: radius, y: start.y + height * t))
            }
        }
        result.append(points[points.count - 1])
        return result
    }

    /// A tangent no steeper than three times the segment's rise, and flat where the segment is.
    static func monotone(_ tangent: Float, rise: Float) -> Float {
        guard rise != 0, (tangent > 0) == (rise > 0) else { return 0 }
        return tangent > 0 ? min(tangent, 3 * rise) : max(tangent, 3 * rise)
    }
}
