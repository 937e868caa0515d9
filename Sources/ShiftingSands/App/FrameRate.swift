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
    private var started = false

    mutating func tick(_ dt: Float) {
        // The first frame's time runs from the scene's start, not from a frame before it: a
        // near-zero interval read 6.3 fps at a 5 fps cap.
        guard started else { started = true; return }
        frames += 1
        seconds += Double(max(dt, 0))
        guard seconds >= Self.window else { return }
        value = Double(frames) / seconds
        frames = 0
        seconds = 0
    }
}
