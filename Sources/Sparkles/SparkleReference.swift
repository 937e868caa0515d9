import Foundation
import SceneSupport

/// The control's place in the window: a capsule centred in it. Pixels, y down from the top.
public struct ControlLayout: Equatable, Sendable {
    public var origin: SIMD2<Float>
    public var size: SIMD2<Float>

    public init(origin: SIMD2<Float>, size: SIMD2<Float>) {
        (self.origin, self.size) = (origin, size)
    }

    /// `controlWidth` of the window's width at `aspect`, shrunk to 80% of its height if taller,
    /// centred; with `usableWidth`, in the window's left `usableWidth` pixels instead (clear of
    /// a panel on the right).
    public init(windowWidth: Int, windowHeight: Int, usableWidth: Float? = nil, parameters: SparkleParameters) {
        let p = parameters.clamped()
        let w = min(usableWidth ?? Float(windowWidth), Float(windowWidth)), h = Float(max(windowHeight, 1))
        var width = max(w, 1) * p.controlWidth
        if width / p.aspect > h * 0.8 { width = h * 0.8 * p.aspect }
        size = SIMD2(width, width / p.aspect)
        origin = (SIMD2(max(w, 1), h) - size) * 0.5
    }

    public var centre: SIMD2<Float> { origin + size * 0.5 }

    /// Signed distance from the capsule's edge (negative inside), px.
    public func signedDistance(_ point: SIMD2<Float>) -> Float {
        SparkleReference.capsuleDistance(point - centre, halfSize: size * 0.5)
    }

    /// A window point clamped into the control's frame, in the frame's own pixels (the seed
    /// clamps the drag location to the view's bounds).
    public func local(_ point: SIMD2<Float>) -> SIMD2<Float> {
        let p = point - origin
        return SIMD2(min(max(p.x, 0), size.x), min(max(p.y, 0), size.y))
    }
}

/// One particle as the GPU stores it (std430, 48 bytes): `particle.glsl` declares the same.
public struct Particle: Equatable, Sendable {
    public var colour: SIMD4<Float>
    public var position: SIMD2<Float>   // px in the control's frame, y down
    public var velocity: SIMD2<Float>   // px a tick; its length is the particle's speed
    public var radius: Float            // px
    public var lifespan: Float          // ticks since birth
    public var generation: UInt32       // births so far: seeds the next birth's random numbers
    public var padding: Float = 0

    public init(colour: SIMD4<Float> = .zero, position: SIMD2<Float> = .zero, velocity: SIMD2<Float> = .zero,
                radius: Float = 0, lifespan: Float = 0, generation: UInt32 = 0) {
        (self.colour, self.position, self.velocity, self.radius, self.lifespan, self.generation) =
            (colour, position, velocity, radius, lifespan, generation)
    }

    /// A fresh particle: at the origin, so the first tick gives it a birth (as in the seed).
    public static let unborn = Particle()
}

/// The seed's three effects as plain functions: the CPU reference the GPU is tested against,
/// and the formulas docs/SPARKLES.md derives. The shaders compute the same expressions.
public enum SparkleReference {
    // MARK: geometry

    /// Signed distance to a horizontal capsule of half extents `halfSize` (x ≥ y) centred at 0.
    public static func capsuleDistance(_ p: SIMD2<Float>, halfSize: SIMD2<Float>) -> Float {
        let r = min(halfSize.x, halfSize.y)
        let half = max(halfSize.x - r, 0)
        let q = SIMD2(max(abs(p.x) - half, 0), p.y)
        return (q * q).sum().squareRoot() - r
    }

    // MARK: glow

    public static func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
        let t = min(max((x - a) / (b - a), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The seed's glow at distance `d` (in the control's normalised coordinates) from the press:
    /// smoothstep(0,1,progress) · exp(−d²) · amplitude · smoothstep(0,1,1 − d/progress); 0 at progress 0.
    public static func glowIntensity(distance d: Float, progress: Float, amplitude: Float) -> Float {
        guard progress > 0 else { return 0 }
        return smoothstep(0, 1, progress) * exp(-d * d) * amplitude * smoothstep(0, 1, 1 - d / progress)
    }

    /// `glowIntensity` for a window pixel and a press point in window pixels.
    public static func glowIntensity(at point: SIMD2<Float>, press: SIMD2<Float>, layout: ControlLayout, progress: Float, amplitude: Float) -> Float {
        let uv = (point - press) / layout.size
        return glowIntensity(distance: (uv * uv).sum().squareRoot(), progress: progress, amplitude: amplitude)
    }

    /// The border's colour at a window pixel: an angular gradient round the capsule's centre
    /// through the three palette colours and back (control.frag's `palette`).
    public static func palette(at point: SIMD2<Float>, layout: ControlLayout, parameters: SparkleParameters) -> SIMD3<Float> {
        let p = parameters.clamped()
        let d = (point - layout.centre) / layout.size
        var turn = atan2(d.y, d.x) / (2 * .pi) + 1
        turn -= turn.rounded(.down)
        let t = turn * 3
        func mix(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ f: Float) -> SIMD3<Float> { a + (b - a) * f }
        if t < 1 { return mix(p.paletteA, p.paletteB, t) }
        if t < 2 { return mix(p.paletteB, p.paletteC, t - 1) }
        return mix(p.paletteC, p.paletteA, t - 2)
    }

    // MARK: ripple

    /// Ripple time (the shader's `time`) `wallSeconds` after a press: duration · wall / drive
    /// (the seed's keyframe runs it 0 → 1 over 2 s); nil once past the duration.
    public static func rippleTime(wallSeconds: Float, parameters: SparkleParameters) -> Float? {
        let p = parameters.clamped()
        let time = p.rippleDuration * wallSeconds / p.rippleDrive
        return time >= 0 && time <= p.rippleDuration ? time : nil
    }

    /// The ripple's amount at `distance` px from its origin at ripple time `time`:
    /// amplitude · sin(frequency · t) · exp(−decay · t), t = max(0, time − distance / speed).
    /// Also the brightening, amount / amplitude (computed without the division, so it is
    /// defined at amplitude 0).
    public static func ripple(distance: Float, time: Float, parameters: SparkleParameters) -> (amount: Float, brighten: Float) {
        let p = parameters.clamped()
        let t = max(0, time - distance / p.rippleSpeed)
        let wave = sin(p.rippleFrequency * t) * exp(-p.rippleDecay * t)
        return (p.rippleAmplitude * wave, wave)
    }

    // MARK: particles

    /// The random numbers of particle `index`'s birth number `generation`: position x, y (0–1),
    /// radius, speed jitter, colour r, g, b.
    public static func birthRandoms(index: UInt32, generation: UInt32) -> [Float] {
        PCG.randoms(seed: PCG.hash(generation) &+ index, count: 7)
    }

    /// One tick of the seed's rule for particle `index`, in the control's frame of `size` px:
    /// reborn at a random place (lifespan 0) when within `rebirthDistance` of `centre`, at the
    /// origin, or older than `maxLifespan`; otherwise moved toward the centre by its speed
    /// (|velocity|) and a tick older.
    public static func tick(_ particle: Particle, index: UInt32, centre: SIMD2<Float>, size: SIMD2<Float>, parameters: SparkleParameters) -> Particle {
        let p = parameters.clamped()
        var q = particle
        let offset = centre - q.position
        let distance = (offset * offset).sum().squareRoot()
        if distance < p.rebirthDistance || (q.position.x == 0 && q.position.y == 0) || q.lifespan > p.maxLifespan {
            let r = birthRandoms(index: index, generation: q.generation)
            q.generation &+= 1
            q.position = SIMD2(r[0] * size.x, r[1] * size.y)
            q.lifespan = 0
            q.radius = p.radiusMin + (p.radiusMax - p.radiusMin) * r[2]
            let speed = p.particleSpeed * (1 + p.speedJitter * (2 * r[3] - 1))
            q.velocity = SIMD2(speed, speed) * (0.5 as Float).squareRoot()  // the seed's (5, 5) direction
            // The seed's blue range: r 0–0.3, g 0.3–0.7, b 0.7–1.
            q.colour = SIMD4(0.3 * r[4], 0.3 + 0.4 * r[5], 0.7 + 0.3 * r[6], 1)
        } else {
            let speed = (q.velocity * q.velocity).sum().squareRoot()
            let direction = offset / distance
            q.position += direction * speed
            q.velocity = direction * speed
            q.lifespan += 1
        }
        return q
    }

    /// The colour the seed draws a particle with: colour · lifespan / maxLifespan · progress.
    public static func particleIntensity(_ particle: Particle, progress: Float, parameters: SparkleParameters) -> Float {
        particle.lifespan / parameters.clamped().maxLifespan * progress
    }
}
