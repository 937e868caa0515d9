/// Watches for grains that hang: still, with nothing under them against the gravity of the
/// moment (PileMeasures.supported), as grains pressed to the cap of a glass held upside down
/// did. Looked at every so often, it keeps the longest any grain hung, where and when.
public struct HangingWatch: Sendable {
    /// The longest hang: how long, from when (seconds into the run), the grain as last seen
    /// hanging and the gravity's up then (glass frame).
    public struct Hang: Sendable, Equatable {
        public var seconds: Float
        public var from: Float
        public var grain: Grain
        public var up: SIMD3<Float>
    }

    /// Where each grain was when it last moved, and since when it has hung there (nil: it has not).
    private var anchors: [SIMD3<Float>] = []
    private var hangingSince: [Float?] = []
    /// Which grains have hung longer than `longHang`.
    private var hungLong: [Bool] = []
    /// The longest hang so far; nil while no grain has hung.
    public private(set) var longestHang: Hang?
    /// The longest any grain has hung so far, in seconds.
    public var longest: Float { longestHang?.seconds ?? 0 }
    /// How many grains have hung longer than `longHang`: one caged grain in a large pile reads
    /// apart from a layer stuck to the cap.
    public var grainsHungLong: Int { hungLong.filter { $0 }.count }

    /// A grain that has moved less than this share of its diameter since it was last seen to
    /// move is still: a grain let go from rest covers it in 0.13 s at the gravity of a 10 s timer.
    public static let stillDiameters: Float = 0.05
    /// Seconds between looks in a headless run.
    public static let interval: Float = 0.05
    /// A hang longer than this is one no fall from rest explains (the tests' bound).
    public static let longHang: Float = 0.2

    public init() {}

    /// Looks at `grains` at `time` (seconds) in the glass of `profile`, turned so that `up` is
    /// against gravity.
    public mutating func look(at grains: [Grain], time: Float, profile: HourglassProfile, up: SIMD3<Float>) {
        if anchors.count != grains.count {
            anchors = grains.map(\.position)
            hangingSince = Array(repeating: nil, count: grains.count)
            hungLong = Array(repeating: false, count: grains.count)
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
            let seconds = time - since
            if seconds > Self.longHang { hungLong[index] = true }
            if seconds > longest {
                longestHang = Hang(seconds: seconds, from: since, grain: grain, up: up)
            }
        }
    }
}
