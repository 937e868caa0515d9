/// The inner profile with its segments found by height: bands of equal height, each naming the
/// segment that holds its lowest height, so the collider finds a grain's segment with a load and
/// a step or two rather than a binary search over the points (it does so several times a grain
/// near the wall every substep). Owns the memory its `curve` points into.
public final class WallTable: @unchecked Sendable {
    /// Bands a segment of the profile on average: finer than the segments, so a lookup rarely
    /// steps more than once.
    static let bandsPerSegment = 8

    private let points: UnsafeMutableBufferPointer<ProfilePoint>
    private let bands: UnsafeMutableBufferPointer<Int32>
    /// The profile, read through the bands.
    public let curve: WallCurve

    /// `profile`: at least two points, heights increasing.
    public init(_ profile: [ProfilePoint]) {
        precondition(profile.count >= 2, "a wall needs two points")
        points = .allocate(capacity: profile.count)
        _ = points.initialize(from: profile)
        let count = (profile.count - 1) * Self.bandsPerSegment
        bands = .allocate(capacity: count)
        let low = profile[0].y, scale = Float(count) / (profile[profile.count - 1].y - low)
        let searched = WallCurve(points: UnsafeBufferPointer(points))
        for band in 0..<count {
            bands[band] = Int32(searched.segment(containing: low + Float(band) / scale))
        }
        curve = WallCurve(points: UnsafeBufferPointer(points), bands: UnsafeBufferPointer(bands), bandScale: scale)
    }

    deinit {
        points.deallocate()
        bands.deallocate()
    }
}
