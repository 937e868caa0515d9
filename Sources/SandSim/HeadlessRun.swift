/// The original's `-test` run without a window: let the pile settle, play the flip with the
/// grains tumbling under the turning gravity, run the timer to completion, and report.
public struct HeadlessRun: Sendable {
    public var duration: Float
    public var settleSeconds: Float
    /// The frame time the app would see at 60 fps.
    public var frameDt: Float = 1.0 / 60.0
    /// Seconds between rows of the drain trace.
    public var traceInterval: Float = 0.1

    /// How long a fresh pile settles before an automatic start.
    public static let defaultSettleSeconds: Float = 2

    public init(duration: Float, settleSeconds: Float = defaultSettleSeconds) {
        self.duration = duration
        self.settleSeconds = settleSeconds
    }

    public struct Result: Sendable {
        public var grains: [Grain]
        public var trace: [DrainSample]
        public var simulatedSeconds: Double
        public var wallSeconds: Double
    }

    /// Runs `engine`, already loaded with a pile. `progress` hears each phase change.
    public func run(engine: PhysicsEngine, progress: (TimerPhase) -> Void = { _ in }) -> Result {
        let parameters = SimulationParameters(duration: duration)
        var timer = HourglassTimer(settings: GrainSettings(mode: .cpu, count: engine.grainCount), duration: duration)
        var trace: [DrainSample] = []
        var time: Float = 0
        var nextSample: Float = 0
        let clock = ContinuousClock()
        let started = clock.now

        func frame() {
            if time >= nextSample {
                trace.append(DrainSample(time: time, phase: timer.phase, grains: engine.readGrains()))
                nextSample += traceInterval
            }
            for action in timer.advance(by: frameDt) where action == .snapAfterFlip {
                engine.snapAfterFlip()
                progress(timer.phase)
            }
            engine.step(frameDt: frameDt, angle: timer.containerAngle, parameters: parameters)
            time += frameDt
        }

        progress(.resting)
        let settleFrames = Int((settleSeconds / frameDt).rounded())
        for _ in 0..<settleFrames { frame() }
        _ = timer.start()
        progress(timer.phase)
        while timer.phase != .complete { frame() }
        progress(.complete)
        let grains = engine.readGrains()
        trace.append(DrainSample(time: time, phase: timer.phase, grains: grains))
        let wall = started.duration(to: clock.now)
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        return Result(grains: grains, trace: trace, simulatedSeconds: Double(time), wallSeconds: wallSeconds)
    }
}

/// One row of the drain trace: how many grains are above and below the neck at a moment.
public struct DrainSample: Sendable, Equatable {
    public var time: Float
    public var phase: TimerPhase
    public var upper: Int
    public var lower: Int

    public init(time: Float, phase: TimerPhase, grains: [Grain]) {
        self.time = time
        self.phase = phase
        upper = grains.filter { $0.position.y > 0 }.count
        lower = grains.count - upper
    }

    public static let csvHeader = "time,phase,upper,lower"
    public var csvRow: String { "\(RunSummary.format(Double(time), digits: 3)),\(phase.rawValue),\(upper),\(lower)" }
}

/// Every grain as text, one per line: the original's test_results.txt.
public enum GrainDump {
    public static func text(_ grains: [Grain]) -> String {
        var lines = ["# index x y z vx vy vz sleepCounter"]
        for (index, grain) in grains.enumerated() {
            let p = grain.position, v = grain.velocity
            let values = [p.x, p.y, p.z, v.x, v.y, v.z].map { RunSummary.format(Double($0), digits: 6) }
            lines.append("\(index) " + values.joined(separator: " ") + " \(Int(grain.sleepCounter))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
