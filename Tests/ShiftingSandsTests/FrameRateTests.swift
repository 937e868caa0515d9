import Testing
@testable import ShiftingSands

@Suite("Frame rate readout")
struct FrameRateTests {
    @Test("a clip's readout is the clip's 60 fps, whatever drawing it took; elsewhere the machine's rate")
    func clipReadout() {
        #expect(AppShell.readoutFPS(measured: 9, recording: true) == 60)
        #expect(AppShell.readoutFPS(measured: 9, recording: false) == 9)
    }

    @Test("a near-zero first frame does not skew the rate at one frame a second")
    func slowFrames() {
        var rate = FrameRate()
        rate.tick(0.0001)
        #expect(rate.value == 0, "nothing to show before half a second has passed")
        for _ in 0..<5 { rate.tick(1) }
        #expect(abs(rate.value - 1) < 0.01)
    }

    @Test("at 60 fps the readout says 60 once half a second has passed")
    func steadyFrames() {
        var rate = FrameRate()
        for _ in 0..<40 { rate.tick(1.0 / 60) }
        #expect(abs(rate.value - 60) < 0.5)
    }

    @Test("the first frame, timed from the scene's start, does not count: at a 5 fps cap it reads 5")
    func firstFrame() {
        var rate = FrameRate()
        rate.tick(0.03)
        for _ in 0..<3 { rate.tick(0.2) }
        #expect(abs(rate.value - 5) < 0.01, "read \(rate.value)")
    }
}
