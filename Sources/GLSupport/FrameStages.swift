@preconcurrency import CEpoxy

/// Where a window frame's time went, stage by stage, so a slow frame names its cause (the trace's
/// stage columns, `bench`'s). By default a stage is the host's time in it: what the app's thread
/// spent, which on llvmpipe includes compute dispatches (run on the calling thread) but not the
/// rasterising it defers to a flush, which lands in `present`. `waitsForGL` makes each stage
/// wait for the GL before and after it, so the stages are each one's whole cost and add up to
/// the frame, at the price of the overlap between them (a traced frame is then slower).
public final class FrameStages {
    public enum Stage: String, CaseIterable, Sendable {
        /// The engines' substeps, the count above the neck excepted.
        case physics
        /// Asking and collecting the count of grains above the neck.
        case count
        /// Bringing the grains to the screen (upload, readback or meshes) and drawing them.
        case grains
        /// Backdrop, desk, caps and the glass's far side: drawn again only when they change;
        /// otherwise putting back their picture under the glass.
        case still
        /// The picture to the window (the glass's near side is laid over each grain as it is
        /// drawn, and over the still picture when that is drawn).
        case glass
        /// The panels and text.
        case overlay
        /// Handing the frame to the window system.
        case present
        /// Waiting for the frame-rate cap.
        case wait
    }

    public let waitsForGL: Bool
    private var milliseconds = [Double](repeating: 0, count: Stage.allCases.count)
    private let clock = ContinuousClock()

    public init(waitsForGL: Bool) {
        self.waitsForGL = waitsForGL
    }

    /// Zeroes every stage for a new frame.
    public func startFrame() {
        milliseconds = milliseconds.map { _ in 0 }
    }

    public subscript(stage: Stage) -> Double {
        milliseconds[Self.index(stage)]
    }

    /// Runs `work` as part of `stage` and adds its time there.
    public func time<T>(_ stage: Stage, _ work: () throws -> T) rethrows -> T {
        if waitsForGL { epoxy_glFinish() }
        let start = clock.now
        defer {
            if waitsForGL { epoxy_glFinish() }
            add(Self.milliseconds(start.duration(to: clock.now)), to: stage)
        }
        return try work()
    }

    /// Adds time measured elsewhere to `stage`, moving it out of `from` where it was counted
    /// there too (the count above the neck, asked inside the physics).
    public func add(_ ms: Double, to stage: Stage, from: Stage? = nil) {
        milliseconds[Self.index(stage)] += ms
        if let from { milliseconds[Self.index(from)] -= ms }
    }

    private static func index(_ stage: Stage) -> Int {
        Stage.allCases.firstIndex(of: stage)!
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
