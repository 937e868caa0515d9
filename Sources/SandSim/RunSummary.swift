import Foundation

/// What the sand did: the original's `-test` summary plus the checks a port needs.
public struct RunSummary: Codable, Sendable, Equatable {
    public var mode: String
    public var count: Int
    public var upper: Int
    public var lower: Int
    public var drainedPercent: Double
    public var averageSpeed: Double
    /// Grains in light or deep sleep (counter ≥ 16); always 0 for the CPU engine.
    public var sleeping: Int
    /// Grains in deep sleep (counter > 30).
    public var deepSleeping: Int
    /// Grains whose centre has left the glass: beyond the inner wall, floor or ceiling.
    public var outside: Int
    public var nonFinite: Int
    public var simulatedSeconds: Double
    public var wallSeconds: Double
    /// The GL renderer string, for compute-engine runs.
    public var renderer: String?
    /// Seconds from the start of the running phase until the last grain left the upper chamber
    /// (the first flip's); nil if it never emptied.
    public var emptyAt: Double?
    /// Each flip's `emptyAt`, when the pile was flipped more than once.
    public var emptyAtPerFlip: [Double?]?
    /// R² of a straight line through the upper count over 10–90% drained (1: a steady rate).
    public var drainStraightness: Double?
    /// Degrees of the lower pile's surface at the end (positive: a cone).
    public var reposeAngle: Double?
    /// The deepest grain–grain overlap seen in the run, in grain diameters; and in the neck.
    public var maxOverlap: Double?
    public var maxNeckOverlap: Double?
    /// The longest any grain stood still with nothing under it against gravity, in seconds.
    public var longestHang: Double?
    /// Where and when that grain hung, and how many grains hung past `HangingWatch.longHang`.
    public var longestHangAt: HangPlace?
    public var grainsHungLong: Int?
    /// With `--turn`, as the hand let go: the glass's turn in degrees, how many grains had
    /// nothing under them against gravity, and the fastest grain's speed.
    public var atRelease: Release?

    public struct Release: Codable, Sendable, Equatable {
        public var degrees: Double
        public var unsupported: Int
        public var fastest: Double
        /// Degrees of the surface of the pile below against the horizontal (sand: under 40°).
        public var surfaceSlope: Double?
        /// The farthest any grain moved while the hand held the glass still, in grain diameters
        /// (a pile at rest: under a tenth); nil where it did not hold it still.
        public var heldMove: Double?

        /// How `run`'s hand left the pile; nil for a run without a hand.
        public init?(_ run: HeadlessRun.Result) {
            guard let (grains, angle) = run.atRelease else { return nil }
            let up = SimulationParameters.up(angle: angle)
            degrees = (Double(angle) * 180 / .pi * 10).rounded() / 10
            unsupported = PileMeasures.supported(grains, profile: run.profile, up: up).filter { !$0 }.count
            fastest = Double(grains.map(\.speed).max() ?? 0)
            surfaceSlope = PileMeasures.surfaceSlope(grains, profile: run.profile, up: up).map { ($0 * 10).rounded() / 10 }
            heldMove = run.atHoldStart.map { held in
                let moves = zip(held, grains).map { held, now in let d = now.position - held.position; return Double((d * d).sum().squareRoot() / (2 * held.radius)) }
                return ((moves.max() ?? 0) * 1000).rounded() / 1000
            }
        }
    }
    public enum Chamber: String, Codable, Sendable {
        case below, above, neck
    }

    public struct HangPlace: Codable, Sendable, Equatable {
        /// Seconds after the fresh pile (the run's start) the hang began.
        public var from: Double
        /// Height from the glass's middle in its own frame, a share of the inner half-height
        /// (negative: the end that stood at the bottom at the start).
        public var height: Double
        /// Distance from the axis, a share of the way to the inner wall at that height.
        public var towardWall: Double
        /// Where along gravity: the chamber below or above, or the neck.
        public var chamber: Chamber
        /// The grain's sleep counter as last seen hanging (0 for the CPU engine).
        public var sleepCounter: Double

        init(_ hang: HangingWatch.Hang, profile: HourglassProfile) {
            let p = hang.grain.position
            let rounded = { (value: Float) in (Double(value) * 1000).rounded() / 1000 }
            from = rounded(hang.from)
            height = rounded(p.y / profile.innerHalfHeight)
            towardWall = rounded((p.x * p.x + p.z * p.z).squareRoot() / profile.innerRadiusAt(p.y))
            chamber = abs(p.y) < PhysicsConstants.neckHalfHeight ? .neck : p.y * hang.up.y < 0 ? .below : .above
            sleepCounter = Double(hang.grain.sleepCounter)
        }
    }

    /// Flips run on this pile, and the most grains lost (outside the glass or non-finite) at
    /// the end of any of them.
    public var flips: Int?
    public var lost: Int?
    /// When the upper chamber emptied: in the run, or in each flip's (listed up to five, else
    /// the earliest and the latest, and how many never emptied).
    private var emptied: String {
        guard let perFlip = emptyAtPerFlip else {
            return emptyAt.map { "upper chamber empty \(Self.format($0, digits: 2)) s after the timer started" } ?? "the upper chamber never emptied"
        }
        let times = perFlip.compactMap { $0 }, never = perFlip.count - times.count
        guard let first = times.min(), let last = times.max() else { return "the upper chamber never emptied in any flip" }
        let when = perFlip.count <= 5 ? perFlip.map { $0.map { Self.format($0, digits: 2) } ?? "never" }.joined(separator: ", ")
            : "\(Self.format(first, digits: 2)) to \(Self.format(last, digits: 2))"
        return "upper chamber empty \(when) s after each start of the timer" + (never == 0 || perFlip.count <= 5 ? "" : " (never in \(never) flips)")
    }

    /// How often the glass was tapped to free a jammed neck, over all flips.
    public var taps: Int?
    /// The neck's opening in grain diameters (a long timer's is narrower than the original's).
    public var neckDiameters: Double?

    public init(mode: String, grains: [Grain], profile: HourglassProfile, simulatedSeconds: Double, wallSeconds: Double, renderer: String? = nil) {
        self.mode = mode
        count = grains.count
        let finite = grains.filter { grain in
            (0..<4).allSatisfy { grain.positionRadius[$0].isFinite && grain.velocityAndSleep[$0].isFinite }
        }
        nonFinite = grains.count - finite.count
        upper = finite.filter { $0.position.y > 0 }.count
        lower = finite.count - upper
        drainedPercent = grains.isEmpty ? 0 : 100 * Double(lower) / Double(grains.count)
        averageSpeed = finite.isEmpty ? 0 : finite.reduce(0.0) { $0 + Double($1.speed) } / Double(finite.count)
        sleeping = finite.filter { $0.sleepCounter >= PhysicsConstants.lightSleepCounter }.count
        deepSleeping = finite.filter { $0.sleepCounter > PhysicsConstants.deepSleepCounter }.count
        outside = finite.filter { !Self.isInside($0.position, profile: profile) }.count
        self.simulatedSeconds = simulatedSeconds
        self.wallSeconds = wallSeconds
        self.renderer = renderer
        reposeAngle = PileMeasures.reposeAngle(grains, profile: profile).map { ($0 * 10).rounded() / 10 }
    }

    /// Adds what a headless run measured along the way.
    public mutating func add(_ run: HeadlessRun.Result) {
        emptyAt = run.emptyAt.first.flatMap { $0.map(Double.init) }
        emptyAtPerFlip = run.emptyAt.count > 1 ? run.emptyAt.map { $0.map(Double.init) } : nil
        maxOverlap = Double(run.maxOverlap)
        maxNeckOverlap = Double(run.maxNeckOverlap)
        longestHang = (Double(run.longestHang) * 1000).rounded() / 1000
        longestHangAt = run.hanging.longestHang.map { HangPlace($0, profile: run.profile) }
        grainsHungLong = run.hanging.grainsHungLong
        atRelease = Release(run)
        flips = run.runStarts.count
        lost = run.lost
        taps = run.taps
        neckDiameters = (Double(run.profile.innerNeckRadius / run.profile.grainRadius) * 100).rounded() / 100
        drainStraightness = DrainSample.straightness(run.trace).map { ($0 * 10_000).rounded() / 10_000 }
    }

    public static func isInside(_ p: SIMD3<Float>, profile: HourglassProfile) -> Bool {
        abs(p.y) <= profile.innerHalfHeight && (p.x * p.x + p.z * p.z).squareRoot() <= profile.innerRadiusAt(p.y)
    }

    /// The human-readable form printed by `simulate`.
    public var text: String {
        var lines = [
            "mode \(mode), \(count) grains" + (renderer.map { ", renderer \($0)" } ?? ""),
            "upper \(upper), lower \(lower)" + (flips == 0 ? "" : ", drained \(Self.format(drainedPercent, digits: 1))%"),
            "average speed \(Self.format(averageSpeed, digits: 6)) glass heights a second",
            "sleeping \(sleeping), deep sleeping \(deepSleeping)",
            "outside the glass \(outside), non-finite \(nonFinite)",
            "simulated \(Self.format(simulatedSeconds, digits: 2)) s in \(Self.format(wallSeconds, digits: 2)) s wall time",
        ]
        if flips == 0 {
            lines.append(Self.noRun)
        } else if let flips {
            lines.append(emptied +
                         (drainStraightness.map { ", R² \(Self.format($0, digits: 4)) over 10–90% drained" } ?? "") +
                         (flips > 1 ? "; \(flips) flips, \(lost ?? 0) grains lost" : ""))
            let tapped = taps ?? 0
            lines.append((tapped == 0 ? "no tap needed to free a jammed neck" : "the glass tapped \(tapped == 1 ? "once" : "\(tapped) times") to free a jammed neck") +
                         (neckDiameters.map { ", a neck \(Self.format($0, digits: 2)) grains wide" } ?? ""))
        }
        if let reposeAngle { lines.append("lower pile slope \(Self.format(reposeAngle, digits: 1))°") }
        if let maxOverlap, let maxNeckOverlap {
            lines.append("deepest overlap \(Self.format(maxOverlap, digits: 3)) diameters (neck \(Self.format(maxNeckOverlap, digits: 3)))")
        }
        if let atRelease {
            lines.append("as the hand let go at \(Self.format(atRelease.degrees, digits: 1))°: \(Self.grains(atRelease.unsupported)) with nothing under \(atRelease.unsupported == 1 ? "it" : "them"), " +
                         "the fastest at \(Self.format(atRelease.fastest, digits: 4)) glass heights a second" +
                         (atRelease.surfaceSlope.map { ", the pile's surface at \(Self.format($0, digits: 1))° to the horizontal" } ?? "") +
                         (atRelease.heldMove.map { ", no grain moved more than \(Self.format($0, digits: 3)) diameters while held still" } ?? ""))
        }
        if let longestHang {
            lines.append("longest a grain hung still with nothing under it: \(Self.format(longestHang, digits: 2)) s" +
                         (longestHangAt.map { at in
                             ", from \(Self.format(at.from, digits: 2)) s after the fresh pile, " +
                             (at.chamber == .neck ? "in the neck" : "in the chamber \(at.chamber.rawValue) (along gravity), \(Self.percent(abs(at.height))) of the way from the neck to its cap") +
                             ", \(Self.percent(at.towardWall)) of the way from the axis to the wall" +
                             (at.sleepCounter > 0 ? ", sleep counter \(Self.format(at.sleepCounter, digits: 0))" : "")
                         } ?? "") +
                         (grainsHungLong.map { "; \(Self.grains($0)) hung over \(Self.format(Double(HangingWatch.longHang), digits: 1)) s" } ?? ""))
        }
        lines[0] = "summary: " + lines[0]
        return lines.joined(separator: "\n")
    }

    /// What a run whose glass never passed the quarter turn in the hand says, here and in its plot.
    public static let noRun = "no run of the timer: the glass was not let go past the quarter turn"

    static func grains(_ count: Int) -> String {
        "\(count) grain\(count == 1 ? "" : "s")"
    }

    static func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// "89%": a share of a way, as a person reads it.
    static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded()))%"
    }
}
