import Foundation
import SceneSupport

/// One particle as the GPU stores it (std430, 64 bytes): `particle.glsl` declares the same.
/// Positions are points from the square's centre, y up (SpriteKit's way); velocities pt/s.
public struct TitaniumParticle: Equatable, Sendable {
    public var colour: SIMD4<Float> = .zero     // rgb of its layer and theme at birth; a: the layer's alpha
    public var position: SIMD2<Float> = .zero
    public var velocity: SIMD2<Float> = .zero
    public var age: Float = 0                   // s since birth
    public var lifetime: Float = 0              // s; dead once age ≥ lifetime
    public var scale: Float = 0
    public var nextBirth: Float = 0             // the clock time of its lane's next birth
    public var generation: UInt32 = 0           // births so far: seeds the next birth's random numbers
    public var layer: UInt32 = 0                // 0 base, 1 mid, 2 highlight
    public var obeysGravity: UInt32 = 0
    public var theme: UInt32 = 0                // the theme it was born in

    public init() {}

    public var isAlive: Bool { generation > 0 && age < lifetime }
}

/// The square's place in the window: centred in the part left of the overlay's right-hand panel
/// and above its readout (`usableWidth` × `usableHeight` px from the top left, the whole window
/// where nil), where 400 pt (the largest square) fills 80% of that part's shorter side. Window
/// pixels, y down.
public struct SquareLayout: Equatable, Sendable {
    public var centre: SIMD2<Float>
    public var pixelsPerPoint: Float

    public init(windowWidth: Int, windowHeight: Int, usableWidth: Float? = nil, usableHeight: Float? = nil) {
        let w = min(usableWidth ?? .infinity, Float(max(windowWidth, 1))), h = min(usableHeight ?? .infinity, Float(max(windowHeight, 1)))
        centre = SIMD2(w, h) * 0.5
        pixelsPerPoint = 0.8 * min(w, h) / 400
    }

    /// A window pixel (y down) in the square's points (y up, from its centre).
    public func points(_ pixel: SIMD2<Float>) -> SIMD2<Float> {
        let d = (pixel - centre) / pixelsPerPoint
        return SIMD2(d.x, -d.y)
    }

    /// A point in window pixels.
    public func pixel(_ point: SIMD2<Float>) -> SIMD2<Float> {
        centre + SIMD2(point.x, -point.y) * pixelsPerPoint
    }
}

/// One grid emitter: its cell's centre and half side in the square's unit coordinates (−1…1,
/// y up) and its share of its layer's birth rate.
public struct TitaniumEmitter: Equatable, Sendable {
    public var layer: Int
    public var centre: SIMD2<Float>
    public var halfSide: Float
    public var weight: Float
}

/// The seed's recipe as plain functions: emitter grids, the highlight's density falloff, the
/// particle pool's lanes, the fields' accelerations and one tick of a particle. The shaders
/// compute the same expressions; the tests hold the GPU to them.
public enum TitaniumReference {
    /// The three layers' grids: base 4×4, mid 5×5, highlight 6×6.
    public static let grids = [4, 5, 6]
    /// Every emitter of every layer (77 at most; the tick's block holds this many:
    /// TitaniumTickBlock.Emitters, checked by a test).
    public static let maxEmitters = 77
    /// pt/s² of acceleration per unit of field strength (SpriteKit's 150 points a metre).
    public static let fieldScale: Float = 150
    /// The sprite's side in points at scale 1 (the seed's 4×4-pixel texture).
    public static let spriteSide: Float = 4
    /// The theme change's turbulence burst: its strength at the peak and how long it lasts; the
    /// colour switches at its peak, half way (the seed's 0.6 s).
    public static let burstStrength: Float = 5
    public static let burstSeconds: Float = 1.2
    /// Turbulence pushes with strength × (speed + this), pt/s: SpriteKit's turbulence scales with
    /// the particle's speed alone, which at the seed's 3 pt/s barely stirs the square.
    public static let turbulenceFloor: Float = 30
    /// Cells of the highlight grid below this density get no emitter.
    public static let densityCutoff: Float = 0.1

    // MARK: emitters

    /// The seed's falloff: pow(1 − distance, gradient), distance from the focal point in units
    /// of the largest distance in the square (its diagonal, 2√2), clamped to 0…1.
    public static func density(at cell: SIMD2<Float>, target: SIMD2<Float>, gradient: Float) -> Float {
        let d = cell - target
        let distance = min((d * d).sum().squareRoot() / (2 * Float(2).squareRoot()), 1)
        return pow(1 - distance, gradient)
    }

    /// The emitters: every cell of the base and mid grids with equal weight, and the highlight
    /// cells whose density is at least 0.1, weighted by it. Weights within a layer sum to 1.
    public static func emitters(parameters: TitaniumParameters) -> [TitaniumEmitter] {
        let p = parameters.clamped()
        var result: [TitaniumEmitter] = []
        for (layer, n) in grids.enumerated() {
            var cells: [TitaniumEmitter] = []
            let half = 1 / Float(n)
            for row in 0..<n {
                for column in 0..<n {
                    let centre = SIMD2(-1 + (2 * Float(column) + 1) * half, -1 + (2 * Float(row) + 1) * half)
                    var weight: Float = 1
                    if layer == 2 {
                        weight = density(at: centre, target: SIMD2(p.highlightTargetX, p.highlightTargetY), gradient: p.highlightGradient)
                        if weight < densityCutoff { continue }
                    }
                    cells.append(TitaniumEmitter(layer: layer, centre: centre, halfSide: half, weight: weight))
                }
            }
            let total = cells.reduce(0) { $0 + $1.weight }
            result += cells.map { var e = $0; e.weight = total > 0 ? e.weight / total : 0; return e }
        }
        return result
    }

    // MARK: the pool

    /// Each layer's share of the pool: enough lanes that a lane's period (lanes / rate) is at
    /// least the longest lifetime, so a particle always dies before its lane's next birth.
    public static func capacities(parameters: TitaniumParameters) -> [Int] {
        let p = parameters.clamped()
        return (0..<3).map { layer in
            let rate = p.birthRates[layer]
            return rate > 0 ? Int((rate * p.longestLifetime * 1.05).rounded(.up)) + 8 : 0
        }
    }

    /// Particles alive once the pool has settled: Σ birth rate × mean lifetime.
    public static func expectedLive(parameters: TitaniumParameters) -> Float {
        let p = parameters.clamped()
        return p.birthRates.sum() * meanLifetime(parameters: p)
    }

    /// The mean of max(lifetime + range · (u − ½), 0.1) over u uniform in 0…1.
    public static func meanLifetime(parameters p: TitaniumParameters) -> Float {
        let lo = p.lifetime - p.lifetimeRange / 2, hi = p.lifetime + p.lifetimeRange / 2
        guard lo < 0.1, hi > lo else { return max(p.lifetime, 0.1) }
        // The part below 0.1 counts as 0.1.
        let below = (0.1 - lo) / (hi - lo)
        return below * 0.1 + (1 - below) * (0.1 + hi) / 2
    }

    /// A fresh pool: every lane unborn, its first birth staggered over one period from `time`.
    public static func freshPool(capacities: [Int], parameters: TitaniumParameters, time: Float) -> [TitaniumParticle] {
        let p = parameters.clamped()
        var pool: [TitaniumParticle] = []
        for (layer, capacity) in capacities.enumerated() {
            let rate = p.birthRates[layer]
            for lane in 0..<capacity {
                var q = TitaniumParticle()
                q.layer = UInt32(layer)
                q.nextBirth = time + (Float(lane) + 0.5) / max(rate, 1e-3)
                pool.append(q)
            }
        }
        return pool
    }

    // MARK: randoms

    /// The eight random numbers of slot `index`'s birth number `generation`: emitter, x, y,
    /// direction, speed, scale, lifetime, gravity.
    public static func birthRandoms(index: UInt32, generation: UInt32) -> [Float] {
        PCG.randoms(seed: PCG.hash(generation &* 0x9E37_79B9) &+ index, count: 8)
    }

    // MARK: fields

    /// A field that pushes (strength < 0) or pulls with constant strength inside `radius`.
    public struct RadialField: Equatable, Sendable {
        public var centre: SIMD2<Float>
        public var radius: Float
        public var strength: Float

        public init(centre: SIMD2<Float>, radius: Float, strength: Float) {
            (self.centre, self.radius, self.strength) = (centre, radius, strength)
        }
    }

    /// What acts on the particles during one tick, besides the parameters.
    public struct Forces: Equatable, Sendable {
        /// The cursor's field and the trail's ripples.
        public var radial: [RadialField] = []
        /// Turbulence strength added for the theme change's burst (everywhere).
        public var burst: Float = 0
        /// Clock seconds, for the turbulence's animation.
        public var time: Float = 0

        public init(radial: [RadialField] = [], burst: Float = 0, time: Float = 0) {
            (self.radial, self.burst, self.time) = (radial, burst, time)
        }
    }

    /// The turbulence's waves: (direction angle, frequency factor, drift speed, phase). The
    /// angles step by the golden angle and the frequencies by ratios that share no small
    /// multiple, so the waves never line up into a lattice.
    static let turbulenceWaves: [(angle: Float, frequency: Float, drift: Float, phase: Float)] = [
        (0.30, 1.00, 1.3, 0.0), (2.70, 1.37, -0.7, 1.9), (5.10, 1.73, 1.1, 4.2), (7.50, 2.19, -0.9, 2.6),
    ]

    /// The turbulence's direction field: the curl of a sum of four plane waves, a cycle every
    /// 1/frequency pt at the longest, frequency from 1/12 pt (smoothness 0) to 1/100 pt
    /// (smoothness 1). A curl has no sources or sinks, so the particles swirl rather than
    /// gather at the field's nodes. Each component's root mean square is ½.
    public static func noise(_ p: SIMD2<Float>, time t: Float, smoothness: Float) -> SIMD2<Float> {
        let f = (1 / 12 + (1 / 100 - 1 / 12) * smoothness) * 2 * Float.pi
        var v = SIMD2<Float>.zero
        for wave in turbulenceWaves {
            let direction = SIMD2(cos(wave.angle), sin(wave.angle))
            let k = direction * f * wave.frequency
            v += SIMD2(direction.y, -direction.x) * cos((k * p).sum() + t * wave.drift + wave.phase)
        }
        return v * 0.5
    }

    /// The acceleration (pt/s²) on `q`: radial fields (constant strength inside their radius,
    /// toward the centre when positive), gravity (if on and the particle obeys it), and
    /// turbulence (proportional to the particle's speed plus `turbulenceFloor`).
    public static func acceleration(_ q: TitaniumParticle, parameters p: TitaniumParameters, forces: Forces, square: Float) -> SIMD2<Float> {
        var a = SIMD2<Float>.zero
        for field in forces.radial {
            let d = field.centre - q.position
            let distance = (d * d).sum().squareRoot()
            if distance < field.radius && distance > 1e-4 {
                a += d / distance * field.strength * fieldScale
            }
        }
        if p.gravityEnabled && q.obeysGravity != 0 {
            a += SIMD2(p.gravityDirectionX, p.gravityDirectionY) * p.gravityStrength * fieldScale
        }
        var turbulence = forces.burst
        if p.turbulenceEnabled {
            let centre = SIMD2(p.turbulenceX, p.turbulenceY) * square / 2
            let d = q.position - centre
            if p.turbulenceRadius <= 0 || (d * d).sum() < p.turbulenceRadius * p.turbulenceRadius { turbulence += p.turbulenceStrength }
        }
        if turbulence > 0 {
            let speed = (q.velocity * q.velocity).sum().squareRoot()
            a += noise(q.position, time: forces.time * p.turbulenceAnimationSpeed, smoothness: p.turbulenceSmoothness) * turbulence * (speed + turbulenceFloor)
        }
        return a
    }

    // MARK: one tick

    /// One tick of slot `index` to clock time `time` (dt seconds after the last): a live
    /// particle moves (semi-implicit Euler) and ages; then, if its lane's birth is due, it is
    /// born at the latest due time, `time − birth` seconds old, at a random place in a random
    /// emitter of its layer. `layerColours`: rgb of each layer in the current theme.
    public static func tick(_ particle: TitaniumParticle, index: UInt32, dt: Float, time: Float, capacity: Int,
                            emitters: [TitaniumEmitter], layerColours: [SIMD3<Float>], parameters: TitaniumParameters,
                            forces: Forces) -> TitaniumParticle {
        let p = parameters.clamped()
        var q = particle
        if q.isAlive {
            q.velocity += acceleration(q, parameters: p, forces: forces, square: p.squareSize) * dt
            q.position += q.velocity * dt
            q.age += dt
        }
        let layer = Int(q.layer)
        let rate = p.birthRates[layer]
        guard rate > 0, time >= q.nextBirth else { return q }
        let period = Float(capacity) / rate
        let birth = q.nextBirth + ((time - q.nextBirth) / period).rounded(.down) * period
        q.nextBirth = birth + period
        let r = birthRandoms(index: index, generation: q.generation)
        q.generation &+= 1
        // The emitter: the first of the layer whose cumulative weight passes r0.
        let own = emitters.filter { $0.layer == layer }
        var pick = own.last
        var cumulative: Float = 0
        for e in own {
            cumulative += e.weight
            if r[0] < cumulative { pick = e; break }
        }
        guard let emitter = pick else { q.lifetime = 0; return q }
        let unitPosition = emitter.centre + SIMD2(2 * r[1] - 1, 2 * r[2] - 1) * emitter.halfSide
        q.position = unitPosition * p.squareSize / 2
        let angle = 2 * Float.pi * r[3]
        let speed = max(p.speed + p.speedRange * (r[4] - 0.5), 0)
        q.velocity = SIMD2(cos(angle), sin(angle)) * speed
        q.scale = max(p.scale + p.scaleRange * (r[5] - 0.5), 0)
        q.lifetime = max(p.lifetime + p.lifetimeRange * (r[6] - 0.5), 0.1)
        q.obeysGravity = r[7] < p.gravityVariation ? 1 : 0
        q.age = time - birth
        q.position += q.velocity * q.age
        q.colour = SIMD4(layerColours[layer], p.alphas[layer])
        q.theme = UInt32(p.theme)
        return q
    }

    /// A particle's alpha at its age: its layer's alpha plus fadeSpeed · age, within 0…1.
    public static func alpha(_ q: TitaniumParticle, parameters: TitaniumParameters) -> Float {
        min(max(q.colour.w + parameters.clamped().fadeSpeed * q.age, 0), 1)
    }
}
