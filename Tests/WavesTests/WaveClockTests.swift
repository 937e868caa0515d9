import Foundation
import Testing
@testable import Waves

@Suite("Wave clock, brush and parameters")
struct WaveClockTests {
    @Test("the clock steps at 120 Hz and carries the remainder")
    func fixedRate() {
        #expect(WaveClock.stepSeconds == Float(1) / 120)
        var clock = WaveClock()
        #expect(clock.steps(for: 1.0 / 120.0) == 1)
        #expect(clock.steps(for: 1.0 / 60.0) == 2)
        // A 144 Hz display: 5 frames of 1/144 s are 4.17 steps; remainders carry over.
        var total = 0
        for _ in 0..<144 { total += clock.steps(for: 1.0 / 144.0) }
        #expect(total == 120)
        #expect(clock.accumulator < WaveClock.stepSeconds)
    }

    @Test("at most 10 steps a frame, and the debt is dropped, not owed")
    func debtDropped() {
        var clock = WaveClock()
        #expect(WaveClock.maxStepsPerFrame == 10)
        #expect(clock.steps(for: 0.5) == 10)
        #expect(clock.accumulator == 0)
        #expect(clock.steps(for: 1.0 / 120.0) == 1)
        #expect(clock.steps(for: 10.0 / 120.0 + 0.001) == 10)
        #expect(clock.accumulator == 0)
        #expect(clock.steps(for: -1) == 0)
        #expect(clock.steps(for: .nan) == 0)
        #expect(clock.steps(for: .infinity) == 0)
    }

    @Test("a tap gives one disturbance; a faster drag gives more impulse over the same path")
    func brush() {
        var brush = WaveBrush()
        #expect(brush.move(x: 0.5, y: 0.5, dt: 0.01).isEmpty)
        #expect(brush.press(x: 0.2, y: 0.3) == [WaveDisturbance(x: 0.2, y: 0.3, strength: WaveBrush.tapStrength)])
        let slow = brush.move(x: 0.3, y: 0.3, dt: 0.5)
        brush.release()
        #expect(brush.move(x: 0.4, y: 0.3, dt: 0.01).isEmpty)
        brush.press(x: 0.2, y: 0.3)
        let fast = brush.move(x: 0.3, y: 0.3, dt: 0.05)
        #expect(slow.count == fast.count && slow.count == 10)
        #expect(abs(fast.last!.x - 0.3) < 1e-6 && abs(fast.last!.y - 0.3) < 1e-6)
        let slowTotal = slow.map(\.strength).reduce(0, +), fastTotal = fast.map(\.strength).reduce(0, +)
        #expect(abs(slowTotal - 10 * 0.2 * WaveBrush.dragScale) < 1e-4)   // speed 0.2 grid/s
        #expect(abs(fastTotal - 10 * WaveBrush.maxStrength * WaveBrush.dragScale) < 1e-4)   // 2 grid/s, capped
        // Sampled twice as often, the same slow drag gives the same total.
        brush.press(x: 0.2, y: 0.3)
        let halfA = brush.move(x: 0.205, y: 0.3, dt: 0.025), halfB = brush.move(x: 0.21, y: 0.3, dt: 0.025)
        brush.press(x: 0.2, y: 0.3)
        let whole = brush.move(x: 0.21, y: 0.3, dt: 0.05)
        let halves: Float = (halfA + halfB).map(\.strength).reduce(0, +)
        let once: Float = whole.map(\.strength).reduce(0, +)
        #expect(abs(halves - once) < 1e-5)
    }

    @Test("clamped() puts every value in its range and replaces non-finite ones with defaults")
    func clamping() throws {
        #expect(WaveParameters.defaults.clamped() == WaveParameters.defaults)
        var p = WaveParameters.defaults
        p.waveSpeed = 1e6
        p.damping = -3
        p.viscosity = .nan
        p.dispersion = .infinity
        p.pixelSize = 0
        p.deep = SIMD3(-1, .nan, 2)
        let c = p.clamped()
        #expect(c.waveSpeed == 120 && c.damping == 0 && c.viscosity == WaveParameters.defaults.viscosity)
        #expect(c.dispersion == WaveParameters.defaults.dispersion && c.pixelSize == 1)
        #expect(c.deep == SIMD3(0, WaveParameters.defaults.deep.y, 1))
        for slider in WaveParameters.sliders {
            #expect(slider.range.contains(WaveParameters.defaults[keyPath: slider.keyPath]), "\(slider.label)")
        }
        #expect(WaveParameters.defaults.pixelSize == 3)
        let data = try JSONEncoder().encode(WaveParameters.defaults)
        #expect(try JSONDecoder().decode(WaveParameters.self, from: data) == WaveParameters.defaults)
    }

    @Test("the stability limit: k ≤ 3/4 for the bare 9-point stencil, lower with viscosity and absorption")
    func stabilityLimit() {
        #expect(abs(WaveCoefficients.stabilityLimit(dispersion: 0, viscosityBlend: 0, decay: 1) - 0.75) < 1e-6)
        #expect(abs(WaveCoefficients.stabilityLimit(dispersion: 0.5, viscosityBlend: 0, decay: 1) - 1) < 1e-6)
        #expect(abs(WaveCoefficients.stabilityLimit(dispersion: 0, viscosityBlend: 0.5, decay: 1) - 0.375) < 1e-6)
        let fast = WaveCoefficients(parameters: .lossless(speed: 1000), width: 64, height: 64)
        #expect(abs(fast.k - 0.98 * 0.75) < 1e-6)
        let slow = WaveCoefficients(parameters: .lossless(speed: 60), width: 64, height: 64)
        #expect(abs(slow.k - 0.25) < 1e-6)
        // Defaults: 100 cells/s, inside the limit (117 cells/s with the default dispersion and viscosity).
        let defaults = WaveCoefficients(parameters: .defaults, width: 427, height: 240)
        #expect(abs(defaults.k - (100.0 / 120.0) * (100.0 / 120.0)) < 1e-5)
        #expect(abs(WaveCoefficients.maximumSpeed(parameters: .defaults) - 117.1) < 0.2)
    }
}
