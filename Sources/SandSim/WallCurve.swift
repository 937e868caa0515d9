/// The inner profile as the collider reads it: radius against height along a polyline, over
/// points it does not own, so a CPU substep reads the glass without touching an array.
public struct WallCurve {
    public let points: UnsafeBufferPointer<ProfilePoint>
    /// With a WallTable: the segment at the bottom of each band of height, and bands a unit of
    /// height; empty where the segment is searched for.
    private let bands: UnsafeBufferPointer<Int32>
    private let bandScale: Float

    public init(points: UnsafeBufferPointer<ProfilePoint>) {
        self.init(points: points, bands: UnsafeBufferPointer(start: nil, count: 0), bandScale: 0)
    }

    init(points: UnsafeBufferPointer<ProfilePoint>, bands: UnsafeBufferPointer<Int32>, bandScale: Float) {
        self.points = points
        self.bands = bands
        self.bandScale = bandScale
    }

    /// Radius at height `y`, by binary search and linear interpolation; clamped to the ends
    /// outside the profile.
    public func radius(at y: Float) -> Float {
        if y <= points[0].y { return points[0].radius }
        let last = points.count - 1
        if y >= points[last].y { return points[last].radius }
        let low = segment(containing: y)
        let a = points[low], b = points[low + 1]
        let t = (y - a.y) / (b.y - a.y)
        return a.radius + (b.radius - a.radius) * t
    }

    /// Slope d(radius)/dy at `y`, from the profile either side: the wall's normal in the
    /// (radial, y) plane is (1, −slope), normalised.
    public func slope(at y: Float) -> Float {
        let h = PhysicsConstants.wallSlopeStep
        return (radius(at: y + h) - radius(at: y - h)) / (2 * h)
    }

    /// The narrowest the glass gets between heights `low` and `high`: at one of the two or at a
    /// point of the polyline between them.
    public func narrowestRadius(from low: Float, to high: Float) -> Float {
        var narrowest = min(radius(at: low), radius(at: high))
        guard low < points[points.count - 1].y, high > points[0].y else { return narrowest }
        var index = low <= points[0].y ? 0 : segment(containing: low) + 1
        while index < points.count, points[index].y < high {
            narrowest = min(narrowest, points[index].radius)
            index += 1
        }
        return narrowest
    }

    /// The index of the last point at or below `y` (whose successor is above it), for y inside
    /// the profile: from its band, stepping to it, or by binary search without bands. Both give
    /// the same index for every y (WallTableTests).
    func segment(containing y: Float) -> Int {
        if bands.count > 0 {
            let band = min(max(Int((y - points[0].y) * bandScale), 0), bands.count - 1)
            var index = Int(bands[band])
            while points[index].y > y { index -= 1 }
            while points[index + 1].y <= y { index += 1 }
            return index
        }
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if points[mid].y <= y { low = mid } else { high = mid }
        }
        return low
    }
}
