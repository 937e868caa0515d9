/// Watches for grains that hang: still, with nothing under them against the gravity of the
/// moment (PileMeasures.supported), as grains pressed to the cap of a glass held upside down
/// did. Looked at every so often, it keeps the longest any grain hung.
public struct HangingWatch: Sendable {
    /// Where each grain was when it last moved, and since when it has hung there (nil: it has not).
    private var anchors: [SIMD3<Float>] = []
    private var hangingSince: [Float?] = []
    /// The longest any grain has hung so far, in seconds.
    public private(set) var longest: Float = 0

    /// A grain that has moved less than this share of its diameter since it was last seen to
    /// move is still: a grain let go from rest covers it in 0.13 s at the gravity of a 10 s timer.
    public static let stillDiameters: Float = 0.05
    /// Seconds between looks in a headless run.
    public static let interval: Float = 0.05

    public init() {}

    /// Looks at `grains` at `time` (seconds) in the glass of `profile`, turned so that `up` is
    /// against gravity.
    public mutating func look(at grains: [Grain], time: Float, profile: HourglassProfile, up: SIMD3<Float>) {
        if anchors.count != grains.count {
            anchors = grains.map(\.position)
            hangingSince = Array(repeating: nil, count: grains.count)
        }
        let supported = PileMeasures.supported(grains, profile: profile, up: up)
        for (index, grain) in grains.enumerated() {
            let moved = grain.position - anchors[index], still = 2 * grain.radius * Self.stillDiameters
            if !((moved * moved).sum() < still * still) {
                anchors[index] = grain.position
                hangingSince[index] = nil
            }
            guard !supported[index] else {
                hangingSince[index] = nil
                continue
            }
            let since = hangingSince[index] ?? time
            hangingSince[index] = since
            longest = max(longest, time - since)
        }
    }
}
