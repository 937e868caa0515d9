import Foundation

/// Frames per second, counted over windows of half a second so the readout is steady and
/// right from the first window (an average weighted toward each frame took tens of frames to
/// forget the first one's near-zero time, and showed thousands of fps at 1 fps).
struct FrameRate {
    static let window = 0.5
    /// 0 until the first window is complete.
    private(set) var value: Double = 0
    private var frames = 0
    private var seconds = 0.0

    mutating func tick(_ dt: Float) {
        frames += 1
        seconds += Double(max(dt, 0))
        guard seconds >= Self.window else { return }
        value = Double(frames) / seconds
        frames = 0
        seconds = 0
    }
}
