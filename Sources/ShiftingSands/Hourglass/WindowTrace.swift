import Foundation
import GLSupport
import SandSim

/// `run --trace FILE`: one CSV row a frame of what the window's hourglass did, so a script can
/// check that it keeps time: wall and simulated seconds, the timer, the glass's turn in degrees
/// and whether a hand holds it, the grains above the neck, frames per second, substeps and the
/// slow-motion factor, then each stage's milliseconds in the frame (FrameStages: `physicsMs`,
/// `countMs`, … `waitMs`). Side by side, each glass has its own `upper`, `emptyAt` and
/// `substeps` columns, named after its mode.
final class WindowTrace {
    private let handle: FileHandle
    let path: String

    /// What one glass did in a frame.
    struct Glass {
        var upper: Int?
        var emptyAt: Float?
        var substeps: Int
    }

    /// Creates `path` (replacing it) and writes the header, or throws a message naming the file.
    init(path: String, modes: [PhysicsMode]) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandError("cannot write the trace to \(path): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        let glassColumns = ["upper", "emptyAt", "substeps"].flatMap { column in
            modes.count == 1 ? [column] : modes.map { "\(column)_\($0.rawValue)" }
        }
        let stageColumns = FrameStages.Stage.allCases.map { $0.rawValue + "Ms" }
        try write((["wall", "simulated", "phase", "elapsed", "angle", "held"] + glassColumns + ["fps", "slowMotion"] + stageColumns + ["paused"]).joined(separator: ","))
    }

    deinit {
        try? handle.close()
    }

    /// `paused`: the sand and the clock stand still (the timer's phase stays what it was).
    func row(wall: Double, simulated: Double, phase: TimerPhase, elapsed: Float, angle: Float, held: Bool, glasses: [Glass],
             fps: Double, slowMotion: Float, stages: FrameStages, paused: Bool) throws {
        func number(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let upper = glasses.map { $0.upper.map(String.init) ?? "" }
        let emptyAt = glasses.map { $0.emptyAt.map { number(Double($0), 4) } ?? "" }
        let substeps = glasses.map { String($0.substeps) }
        let fields = [number(wall, 4), number(simulated, 4), phase.rawValue, number(Double(elapsed), 4),
                      number(Double(angle) * 180 / .pi, 2), held ? "1" : "0"]
            + upper + emptyAt + substeps + [number(fps, 1), number(Double(slowMotion), 3)]
            + FrameStages.Stage.allCases.map { number(stages[$0], 2) } + [paused ? "1" : "0"]
        try write(fields.joined(separator: ","))
    }

    /// Everything written reaches the file, or a message naming it says why not.
    func close() throws {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw CommandError("cannot write the trace to \(path): \(FileErrorText.describe(error, writing: URL(fileURLWithPath: path)))")
        }
    }

    private func write(_ line: String) throws {
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw CommandError("cannot write the trace to \(path): \(FileErrorText.describe(error, writing: URL(fileURLWithPath: path)))")
        }
    }
}
