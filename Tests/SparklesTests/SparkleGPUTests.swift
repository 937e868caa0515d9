import Foundation
import GLSupport
import Testing
@testable import Sparkles

/// The compute tick against the CPU reference, and the three passes' pictures, on a headless
/// context (llvmpipe here).
@Suite("Sparkles (headless GL)", .serialized, .enabled(if: HeadlessContext.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct SparkleGPUTests {
    /// Each program's parameters are std140 blocks: each Swift mirror must lie as the GL lays
    /// it out in every program that reads it, or a shader reads one parameter as another.
    @Test("every sparkles program's blocks lie as their Swift mirrors say")
    func blockLayouts() throws {
        let context = try HeadlessContext()
        let shaders = SparkleFixture.shaders
        let control = try ShaderProgram(fullscreen: "control.frag", source: shaders)
        let ripple = try ShaderProgram(fullscreen: "ripple.frag", source: shaders)
        let particle = try ShaderProgram(vertex: "particle.vert", fragment: "particle.frag", source: shaders)
        let tick = try ShaderProgram(compute: "sparkle_tick.comp", source: shaders)
        for program in [control, ripple, particle] {
            #expect(program.layoutMismatches(of: ControlFrameBlock.self) == [])
        }
        #expect(control.layoutMismatches(of: ControlBlock.self) == [])
        #expect(ripple.layoutMismatches(of: RippleBlock.self) == [])
        #expect(particle.layoutMismatches(of: SparkleSpriteBlock.self) == [])
        #expect(tick.layoutMismatches(of: SparkleTickBlock.self) == [])
        withExtendedLifetime(context) {}
    }

    let p = SparkleParameters.defaults

    /// Particles in every case the rule has: near the centre, far, at the origin, too old.
    static func mixed(count: Int, size: SIMD2<Float>, centre: SIMD2<Float>) -> [Particle] {
        (0..<count).map { i in
            let angle = Float(i) * 0.7
            let distance: Float = i % 4 == 0 ? 10 : Float(30 + (i * 37) % 200)
            var q = Particle(colour: SIMD4(0.1, 0.5, 0.9, 1), position: centre + distance * SIMD2(cos(angle), sin(angle)),
                             velocity: SIMD2(Float(i % 7) + 1, 3), radius: 8, lifespan: Float(i % 120), generation: UInt32(i % 5))
            if i % 9 == 0 { q.position = .zero }
            return q
        }
    }

    @Test("GPU ticks match SparkleReference.tick: rebirths, moves toward the centre, ages (1,000 particles, 20 ticks)")
    func tickMatchesReference() throws {
        let gl = try SparkleFixture()
        let size = SIMD2<Float>(480, 200), centre = SIMD2<Float>(300, 80)
        var params = p
        params.speedJitter = 0.4
        var expected = Self.mixed(count: 1000, size: size, centre: centre)
        gl.cloud.upload(expected)
        for _ in 0..<20 {
            gl.cloud.tick(centre: centre, size: size, parameters: params)
            expected = expected.enumerated().map { SparkleReference.tick($1, index: UInt32($0), centre: centre, size: size, parameters: params) }
        }
        let got = gl.cloud.read()
        var worst: Float = 0
        for (a, b) in zip(got, expected) {
            #expect(a.generation == b.generation && a.lifespan == b.lifespan)
            let d = a.position - b.position
            worst = max(worst, (d * d).sum().squareRoot(), abs(a.radius - b.radius), abs((a.colour - b.colour).max()))
        }
        #expect(worst < 2e-3, "worst difference \(worst)")
        #expect(Set(got.map(\.generation)).count > 2, "some were reborn more than once")
    }

    @Test("on the GPU, a particle inside 20 px is reborn and one further out moves toward the centre by its speed")
    func rebirthAndMove() throws {
        let gl = try SparkleFixture()
        let size = SIMD2<Float>(480, 200), centre = SIMD2<Float>(240, 100)
        gl.cloud.upload([Particle(position: centre + SIMD2(15, 0), velocity: SIMD2(3, 4), radius: 5, lifespan: 10),
                         Particle(position: centre + SIMD2(-100, 0), velocity: SIMD2(3, 4), radius: 5, lifespan: 10)])
        gl.cloud.tick(centre: centre, size: size, parameters: p)
        let after = gl.cloud.read()
        #expect(after[0].lifespan == 0 && after[0].generation == 1)
        #expect(abs(after[1].position.x - (centre.x - 95)) < 1e-4 && abs(after[1].position.y - centre.y) < 1e-4, "moved 5 px toward it")
        #expect(after[1].lifespan == 11)
    }

    @Test("glow: none at progress 0; at progress 1 the border is brightest nearest the press and matches the formula")
    func glow() throws {
        let gl = try SparkleFixture(width: 500, height: 300)
        let layout = gl.layout
        // A press on the top edge, a fifth of the way in.
        let press = SIMD2<Float>(layout.origin.x + layout.size.x * 0.3, layout.origin.y)
        // Pixel centres on the border's core just outside the edge (1 px out), clear of the white stroke inside it.
        let border = { (x: Float) -> SIMD2<Float> in SIMD2(x.rounded(.down) + 0.5, layout.origin.y.rounded(.down) - 0.5) }
        _ = gl.render(SparkleFrame(press: press, progress: 0, ripple: nil), withCloud: false)
        for x in stride(from: layout.origin.x + 130, to: layout.origin.x + layout.size.x - 130, by: 10) {
            let off = gl.control(at: Int(border(x).x), Int(border(x).y))
            #expect(off.max() < 1e-3, "no glow at progress 0: \(off) at x \(x)")
        }

        _ = gl.render(SparkleFrame(press: press, progress: 1, ripple: nil), withCloud: false)
        let values = gl.renderer.controlTarget.read()
        func glowAt(_ point: SIMD2<Float>) -> Float {
            let x = Int(point.x), y = Int(point.y)
            let i = ((gl.target.height - 1 - y) * gl.target.width + x) * 4
            return max(values[i], values[i + 1], values[i + 2])
        }
        let near = glowAt(border(press.x)), mid = glowAt(border(press.x + 60)), far = glowAt(border(layout.origin.x + layout.size.x * 0.8))
        #expect(near > mid && mid > far, "near \(near), mid \(mid), far \(far)")
        // The border's core at the press: palette · 1 · intensity, the intensity the reference's (3 at d ≈ 0).
        // The core's colour is palette · intensity.
        let intensity = SparkleReference.glowIntensity(at: border(press.x), press: press, layout: layout, progress: 1, amplitude: 3)
        let expected = (SparkleReference.palette(at: border(press.x), layout: layout, parameters: p) * intensity).max()
        #expect(intensity > 2.9 && abs(near - expected) < 0.01 * expected, "near \(near) against palette · intensity \(expected)")
        // Far from the border (the capsule's middle), nothing glows: the fill is black.
        let middle = gl.control(at: Int(layout.centre.x), Int(layout.centre.y))
        #expect(middle.x < 1e-3 && middle.w > 0.99)
    }

    @Test("ripple: a point brightens only after distance / speed; the ring stands where the reference puts it")
    func ripple() throws {
        let gl = try SparkleFixture(width: 600, height: 300)
        let layout = gl.layout
        let origin = layout.centre - SIMD2(120, 0)
        // Inside the capsule, 150 px right of the origin: reached at ripple time 150/800 = 0.1875.
        let probe = SIMD2<Float>(origin.x + 150, origin.y)
        for time: Float in [0.05, 0.15, 0.185] {
            let picture = gl.render(SparkleFrame(press: origin, progress: 0, ripple: (origin, time)), withCloud: false)
            #expect(picture[Int(probe.x), Int(probe.y)].max() < 2, "not reached yet at \(time)")
        }
        let time: Float = 0.1875 + 0.095   // the pulse's peak, sin(4t)e^(-10t) at t ≈ 0.095
        let picture = gl.render(SparkleFrame(press: origin, progress: 0, ripple: (origin, time)), withCloud: false)
        let expected = SparkleReference.ripple(distance: 150, time: time, parameters: p).brighten * 255
        let got = picture[Int(probe.x), Int(probe.y)].x
        #expect(abs(got - expected) < 4, "brightened by \(got), reference \(expected)")
        #expect(expected > 30)
    }

    @Test("the cloud is clipped to the capsule: big particles at the frame's corners draw nothing outside it")
    func clipped() throws {
        let gl = try SparkleFixture(width: 500, height: 300)
        let layout = gl.layout
        let corners: [SIMD2<Float>] = [SIMD2(2, 2), SIMD2(layout.size.x - 2, 2), SIMD2(2, layout.size.y - 2), layout.size - 2, layout.size * 0.5]
        gl.cloud.upload(corners.map { Particle(colour: SIMD4(1, 1, 1, 1), position: $0, velocity: .zero, radius: 40, lifespan: 100) })
        let frame = SparkleFrame(press: layout.centre, progress: 1, ripple: nil)
        let bare = gl.render(frame, withCloud: false)   // the glowing border reaches outside; the cloud must not
        let picture = gl.render(frame)
        var outsideLit = 0, insideLit = 0
        for y in 0..<gl.target.height {
            for x in 0..<gl.target.width {
                let sd = layout.signedDistance(SIMD2(Float(x) + 0.5, Float(y) + 0.5))
                let c = picture[x, y]
                if sd > 1.5 && (c - bare[x, y]).max() > 1 { outsideLit += 1 }
                if sd < -1.5 && c.z > 100 { insideLit += 1 }
            }
        }
        #expect(outsideLit == 0, "\(outsideLit) lit pixels outside the capsule")
        #expect(insideLit > 1000, "the particles show inside: \(insideLit)")
    }
}
