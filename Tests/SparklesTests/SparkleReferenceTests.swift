import Foundation
import Testing
@testable import Sparkles

/// The formulas and the timeline on the CPU, no GL.
@Suite("Sparkles reference (CPU)")
struct SparkleReferenceTests {
    let p = SparkleParameters.defaults

    @Test("the seed's values are the defaults")
    func defaults() {
        #expect(p.glowAmplitude == 3 && p.glowSeconds == 0.4 && p.borderWidth == 4 && p.strokeWidth == 1)
        #expect(p.rippleAmplitude == 2 && p.rippleFrequency == 4 && p.rippleDecay == 10 && p.rippleSpeed == 800)
        #expect(p.rippleDuration == 1 && p.rippleDrive == 2)
        #expect(p.particleCount == 32 && p.radiusMin == 4 && p.radiusMax == 30 && p.rebirthDistance == 20 && p.maxLifespan == 100)
        #expect(abs(p.particleSpeed - 7.0710678) < 1e-5 && p.tickRate == 60)
        #expect(p.clamped() == p)
    }

    @Test("glow: zero at progress 0, brightest at the press, falling with distance, zero beyond d = progress")
    func glow() {
        #expect(SparkleReference.glowIntensity(distance: 0, progress: 0, amplitude: 3) == 0)
        #expect(SparkleReference.glowIntensity(distance: 0.3, progress: 0, amplitude: 3) == 0)
        // At the press with progress 1: smoothstep(1)·exp(0)·3·smoothstep(1) = 3.
        #expect(abs(SparkleReference.glowIntensity(distance: 0, progress: 1, amplitude: 3) - 3) < 1e-6)
        var last = Float.infinity
        for d in stride(from: Float(0), through: 1, by: 0.05) {
            let g = SparkleReference.glowIntensity(distance: d, progress: 1, amplitude: 3)
            #expect(g <= last)
            last = g
        }
        #expect(SparkleReference.glowIntensity(distance: 0.5, progress: 0.5, amplitude: 3) == 0)
        #expect(SparkleReference.glowIntensity(distance: 0.4, progress: 0.5, amplitude: 3) > 0)
    }

    @Test("ripple: nothing before distance / speed, then the damped sine")
    func ripple() {
        let distance: Float = 400   // reached at ripple time 0.5
        for time in stride(from: Float(0), through: 0.5, by: 0.05) {
            #expect(SparkleReference.ripple(distance: distance, time: time, parameters: p).amount == 0)
        }
        let t: Float = 0.1
        let r = SparkleReference.ripple(distance: distance, time: 0.5 + t, parameters: p)
        #expect(abs(r.amount - 2 * sin(4 * t) * exp(-10 * t)) < 1e-6)
        #expect(abs(r.brighten - r.amount / 2) < 1e-6)
        // Ripple time runs at duration / drive: half the wall clock, off after the duration.
        #expect(SparkleReference.rippleTime(wallSeconds: 1, parameters: p) == 0.5)
        #expect(SparkleReference.rippleTime(wallSeconds: 2.1, parameters: p) == nil)
    }

    @Test("tick: a particle within 20 px of the centre is reborn; one further out moves toward it by its speed")
    func tick() {
        let size = SIMD2<Float>(240, 100), centre = SIMD2<Float>(120, 50)
        let near = Particle(colour: SIMD4(1, 1, 1, 1), position: centre + SIMD2(12, 9), velocity: SIMD2(5, 5), radius: 10, lifespan: 30, generation: 4)
        let reborn = SparkleReference.tick(near, index: 3, centre: centre, size: size, parameters: p)
        #expect(reborn.lifespan == 0 && reborn.generation == 5)
        #expect(reborn.position != near.position)
        #expect((0...240).contains(reborn.position.x) && (0...100).contains(reborn.position.y))
        #expect((4...30).contains(reborn.radius))

        let far = Particle(position: SIMD2(20, 10), velocity: SIMD2(5, 5), radius: 10, lifespan: 30, generation: 4)
        let moved = SparkleReference.tick(far, index: 3, centre: centre, size: size, parameters: p)
        let before = far.position - centre, after = moved.position - centre
        let step = moved.position - far.position
        #expect(abs((step * step).sum().squareRoot() - Float(50).squareRoot()) < 1e-4, "moved by |velocity| = 5√2")
        #expect(abs((before * before).sum().squareRoot() - (after * after).sum().squareRoot() - Float(50).squareRoot()) < 1e-3, "straight toward the centre")
        #expect(moved.lifespan == 31 && moved.generation == 4)

        // At the origin, or too old: reborn.
        #expect(SparkleReference.tick(.unborn, index: 0, centre: centre, size: size, parameters: p).generation == 1)
        var old = far
        old.lifespan = 101
        #expect(SparkleReference.tick(old, index: 0, centre: centre, size: size, parameters: p).lifespan == 0)
    }

    @Test("timeline: progress ramps over 0.4 s and back; ticks at 60 Hz only while the cloud shows")
    func timeline() {
        var t = SparkleTimeline()
        #expect(t.advance(by: 1, parameters: p) == 0, "no press: no ticks")
        t.press(at: SIMD2(10, 10))
        var ticks = 0
        for _ in 0..<12 { ticks += t.advance(by: 1.0 / 60, parameters: p) }
        #expect(abs(t.progress - 0.5) < 1e-4)
        #expect(ticks == 12)
        for _ in 0..<30 { _ = t.advance(by: 1.0 / 120, parameters: p) }   // 120 fps: half a tick each
        #expect(t.progress == 1)
        t.move(to: SIMD2(20, 30))
        #expect(t.pointer == SIMD2(20, 30) && t.rippleOrigin == SIMD2(10, 10))
        t.release()
        _ = t.advance(by: 0.2, parameters: p)
        #expect(abs(t.progress - 0.5) < 1e-4)
        _ = t.advance(by: 0.3, parameters: p)
        #expect(t.progress == 0)
        #expect(t.advance(by: 0.1, parameters: p) == 0)
    }

    @Test("the capsule: inside at the centre, the edge at the rounded ends, outside at the frame's corners")
    func capsule() {
        let layout = ControlLayout(windowWidth: 1000, windowHeight: 600, parameters: p)
        #expect(abs(layout.size.x - 600) < 1e-3 && abs(layout.size.y - 250) < 1e-3)
        #expect(abs(layout.signedDistance(layout.centre) + 125) < 1e-3)
        #expect(abs(layout.signedDistance(SIMD2(layout.origin.x, layout.centre.y))) < 1e-3)
        #expect(layout.signedDistance(layout.origin + SIMD2(2, 2)) > 30)
    }
}
