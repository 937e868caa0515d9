import Foundation
import Testing
@testable import Waves

/// The physics, on the CPU reference step. The GPU suite checks that the compute shader gives
/// the same fields as this step (one step and thirty), so these hold for the GPU too.
@Suite("Wave physics (CPU reference)")
struct WavePhysicsTests {
    /// The outermost radius along (dx, dy) where |h| exceeds `fraction` of its largest value on
    /// that ray: the wavefront.
    static func front(_ f: [Float], width: Int, centre: Float, dx: Float, dy: Float, fraction: Float) -> Float {
        let radii = stride(from: Float(2), to: Float(width) / 2 - 2, by: 0.05).map { $0 }
        let h = radii.map { abs(Fields.sample(f, width: width, x: centre + $0 * dx, y: centre + $0 * dy)) }
        let threshold = fraction * h.max()!
        let last = h.lastIndex { $0 > threshold }!
        // Interpolate the crossing between `last` and the sample after it.
        let t = (h[last] - threshold) / (h[last] - h[last + 1])
        return radii[last] + t * 0.05
    }

    /// The radius of the largest crest along (dx, dy), refined by a parabola.
    static func crest(_ f: [Float], width: Int, centre: Float, dx: Float, dy: Float) -> Float {
        let radii = stride(from: Float(5), to: Float(width) / 2 - 2, by: 0.25).map { $0 }
        let h = radii.map { Fields.sample(f, width: width, x: centre + $0 * dx, y: centre + $0 * dy) }
        let i = h.indices.max { h[$0] < h[$1] }!
        let (a, b, c) = (h[i - 1], h[i], h[i + 1])
        return radii[i] + 0.25 * 0.5 * (a - c) / (a - 2 * b + c)
    }

    @Test("a ripple spreads as a circle: the front moves at the same speed along an axis and a diagonal (within 2%)")
    func isotropy() {
        let n = 161, centre: Float = 80
        // Courant number √0.5: k = 0.5, near the default speed; a narrow bump (σ = 1 cell) has
        // the short waves where a 5-point stencil's fronts differ by 2.5-3%.
        let speed = Float(0.5).squareRoot() * 120
        let bump = Fields.gaussian(width: n, height: n, cx: centre, cy: centre, sigma: 1)
        var pair = ReferencePair(previous: bump, current: bump, width: n, height: n, parameters: .lossless(speed: speed))
        let steps = 70
        pair.step(steps)
        let d = Float(0.5).squareRoot()
        let axis = Self.front(pair.current, width: n, centre: centre, dx: 1, dy: 0, fraction: 0.1)
        let diagonal = Self.front(pair.current, width: n, centre: centre, dx: d, dy: d, fraction: 0.1)
        #expect(abs(axis / diagonal - 1) < 0.02, "front along the axis \(axis), along the diagonal \(diagonal)")
        // And the crest moves at the wave speed: c·t = √k cells a step.
        let expected = Float(0.5).squareRoot() * Float(steps)
        let crestAxis = Self.crest(pair.current, width: n, centre: centre, dx: 1, dy: 0)
        let crestDiagonal = Self.crest(pair.current, width: n, centre: centre, dx: d, dy: d)
        #expect(abs(crestAxis / expected - 1) < 0.03, "crest at \(crestAxis), expected \(expected)")
        #expect(abs(crestAxis / crestDiagonal - 1) < 0.02, "crest along the axis \(crestAxis), along the diagonal \(crestDiagonal)")
    }

    @Test("with no losses the leapfrog's energy is conserved; with damping it falls as exp(−γt)")
    func energyDecay() {
        let n = 64
        let bump = Fields.gaussian(width: n, height: n, cx: 25, cy: 30, sigma: 3)
        var lossless = WaveParameters.lossless(speed: 60)
        lossless.dispersion = 0.1
        var pair = ReferencePair(previous: bump, current: bump, width: n, height: n, parameters: lossless)
        let e0 = pair.energy
        pair.step(240)
        #expect(abs(pair.energy / e0 - 1) < 1e-3, "lossless energy ratio \(pair.energy / e0)")

        var damped = lossless
        damped.damping = 1.5
        pair = ReferencePair(previous: bump, current: bump, width: n, height: n, parameters: damped)
        for second in 1...3 {
            pair.step(120)
            let expected = exp(-Double(damped.damping) * Double(second))
            let ratio = pair.energy / e0 / expected
            #expect(abs(ratio - 1) < 0.02, "after \(second) s energy is \(ratio) × exp(−γt)")
        }
    }

    @Test("at the clamped speed limit the field stays bounded; 2% past the derived limit it blows up")
    func stabilityAtLimit() {
        let n = 48
        let noise = Fields.noise(count: n * n, seed: 7)
        for (dispersion, viscosity) in [(Float(0), Float(0)), (0.3, 1.0)] {
            var p = WaveParameters.lossless(speed: 1000)
            p.dispersion = dispersion
            p.viscosity = viscosity
            var pair = ReferencePair(previous: noise, current: noise, width: n, height: n, parameters: p)
            let e0 = pair.energy
            pair.step(1500)
            let largest = pair.current.map(abs).max()!
            #expect(largest.isFinite && largest < 10, "σ \(dispersion), ν \(viscosity): max |u| \(largest)")
            if viscosity == 0 { #expect(abs(pair.energy / e0 - 1) < 0.01, "energy ratio \(pair.energy / e0)") }

            var c = pair.coefficients
            c.k = c.k / WaveCoefficients.stabilitySafety * 1.02
            var past = ReferencePair(previous: noise, current: noise, width: n, height: n, coefficients: c)
            past.step(400)
            let blown = past.current.map(abs).max()!
            #expect(!(blown < 1e3), "σ \(dispersion), ν \(viscosity): 2% past the limit max |u| is only \(blown)")
        }
    }

    /// Sends a plane pulse at the right edge of a tall grid and returns the reflected crest's
    /// amplitude over the incident one, both seen at the middle column.
    static func reflection(edgeReflection: Float) -> Float {
        let width = 128, height = 384
        var p = WaveParameters.lossless(speed: 80)
        p.edgeReflection = edgeReflection
        p.edgeWidth = 0.1
        let step = Float(80) / 120
        func ridge(_ shift: Float) -> [Float] {
            (0..<(width * height)).map { i in
                let x = Float(i % width) + shift - 40
                return exp(-x * x / (2 * 3 * 3))
            }
        }
        // current = f(x − 40), previous = f(x − 40 + c·dt): moving right.
        var pair = ReferencePair(previous: ridge(step), current: ridge(0), width: width, height: height, parameters: p)
        var series: [Float] = []
        for _ in 0..<300 {
            pair.step()
            series.append(pair.current[(height / 2) * width + 64])
        }
        let incident = series[..<80].max()!
        let reflected = series[100...].map(abs).max()!
        return reflected / incident
    }

    @Test("an absorbing edge reflects no more than its reflection coefficient; a reflecting one nearly all")
    func edgeAbsorption() {
        let full = Self.reflection(edgeReflection: 1)
        #expect(full > 0.9, "edgeReflection 1 sent back \(full)")
        for r: Float in [0.3, 0.6] {
            let measured = Self.reflection(edgeReflection: r)
            #expect(measured <= r, "edgeReflection \(r) sent back \(measured)")
            #expect(measured > 0.5 * r, "edgeReflection \(r) sent back only \(measured)")
        }
    }

    @Test("with the defaults a tap's rings die away and the edges drain the water it raised: calm again within 8 s")
    func returnsToCalm() {
        let (w, h) = (160, 120)
        var previous = [Float](repeating: 0, count: w * h), current = previous
        WaveReference.disturb(previous: &previous, current: &current, width: w, height: h,
                              disturbances: [WaveDisturbance(x: 0.4, y: 0.5, strength: 1)], parameters: .defaults)
        var pair = ReferencePair(previous: previous, current: current, width: w, height: h, parameters: .defaults)
        pair.step(120)
        let afterOne = pair.current.map(abs).max()!
        #expect(afterOne > 0.02, "after 1 s the rings are already gone (\(afterOne))")
        pair.step(840)
        let largest = pair.current.map(abs).max()!
        let mean = pair.current.reduce(0, +) / Float(w * h)
        // A velocity kick raises the mean level; only the edges take it away again.
        #expect(largest < 0.004 && abs(mean) < 0.002, "after 8 s max |h| \(largest), mean \(mean)")
    }

    @Test("a disturbance adds 82% of its profile as velocity and 18% as displacement")
    func impulseSplit() {
        let n = 64
        var p = WaveParameters.defaults
        p.impulse = 1.5
        p.brushRadius = 0.05
        var previous = [Float](repeating: 0, count: n * n), current = previous
        WaveReference.disturb(previous: &previous, current: &current, width: n, height: n,
                              disturbances: [WaveDisturbance(x: 0.5, y: 0.5, strength: 0.8)], parameters: p)
        Self.checkSplit(previous: previous, current: current, width: n, strength: 0.8, parameters: p)
    }

    /// Every cell's velocity is 0.82 × and its displacement 0.18 × strength · impulse ·
    /// (exp(−(r/R)²) − ¼·exp(−(r/2R)²)), and the kick's core holds 0.82 × strength · impulse · πR².
    static func checkSplit(previous: [Float], current: [Float], width n: Int, strength: Float, parameters p: WaveParameters) {
        let radius = p.brushRadius * Float(n)
        var worst: Float = 0, totalVelocity: Float = 0, coreVelocity: Float = 0
        for i in current.indices {
            let dx = Float(i % n) + 0.5 - 0.5 * Float(n), dy = Float(i / n) + 0.5 - 0.5 * Float(n)
            let q = (dx * dx + dy * dy) / (radius * radius)
            let amount = strength * p.impulse * (exp(-q) - 0.25 * exp(-q / 4))
            let velocity = current[i] - previous[i], displacement = (current[i] + previous[i]) / 2
            worst = max(worst, abs(velocity - 0.82 * amount), abs(displacement - 0.18 * amount))
            totalVelocity += velocity
            if q < 2.25 { coreVelocity += velocity + 0.82 * strength * p.impulse * 0.25 * exp(-q / 4) }
        }
        #expect(worst < 1e-5, "worst cell off by \(worst)")
        // The Gaussian core (to 1.5 R, 89.5% of its volume) and no net volume in all.
        let expectedCore = 0.82 * strength * p.impulse * Float.pi * radius * radius * (1 - exp(-2.25))
        #expect(abs(coreVelocity / expectedCore - 1) < 0.02, "core velocity \(coreVelocity), expected \(expectedCore)")
        #expect(abs(totalVelocity) < 0.01 * expectedCore, "net velocity \(totalVelocity)")
        // The peak: the four cells around the centre, each ½ cell off in x and y.
        let peakVelocity = zip(current, previous).map { $0 - $1 }.max()!
        let q = 0.5 / (radius * radius)
        #expect(abs(peakVelocity - 0.82 * strength * p.impulse * (exp(-q) - 0.25 * exp(-q / 4))) < 1e-5)
    }
}
