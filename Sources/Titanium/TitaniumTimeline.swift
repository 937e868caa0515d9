import Foundation

/// The clock, the cursor and its trail of ripples, and the theme change, on the CPU. Points
/// are the square's (`SquareLayout.points`): from its centre, y up.
public struct TitaniumTimeline: Equatable, Sendable {
    /// Ripples kept at most (the shader's array holds the cursor's field and these).
    public static let maxRipples = 63

    public struct Ripple: Equatable, Sendable {
        public var centre: SIMD2<Float>
        public var age: Float
    }

    public struct ThemeChange: Equatable, Sendable {
        public var to: Int
        public var elapsed: Float
        public var switched: Bool
    }

    /// Clock seconds since the scene started.
    public private(set) var time: Float = 0
    /// The cursor over the scene, or nil when it is away.
    public private(set) var cursor: SIMD2<Float>?
    /// Where the last ripple was dropped: the next goes `trailDensity` pt further along the path.
    private var lastDrop: SIMD2<Float>?
    public private(set) var ripples: [Ripple] = []
    public private(set) var themeChange: ThemeChange?

    public init() {}

    /// The cursor moved to `point` (nil: it left). Drops a ripple every `trailDensity` pt of path.
    public mutating func move(to point: SIMD2<Float>?, parameters: TitaniumParameters) {
        cursor = point
        guard let point else { lastDrop = nil; return }
        guard var from = lastDrop else { lastDrop = point; return }
        let spacing = parameters.clamped().trailDensity
        var d = point - from
        var length = (d * d).sum().squareRoot()
        while length >= spacing {
            from += d / length * spacing
            ripples.append(Ripple(centre: from, age: 0))
            d = point - from
            length = (d * d).sum().squareRoot()
        }
        if ripples.count > Self.maxRipples { ripples.removeFirst(ripples.count - Self.maxRipples) }
        lastDrop = from
    }

    /// Starts the seed's theme change to `theme`: a turbulence burst whose peak switches the colour.
    public mutating func changeTheme(to theme: Int) {
        themeChange = ThemeChange(to: theme, elapsed: 0, switched: false)
    }

    /// Advances the clock, the ripples and the theme change by `dt`; returns the theme to switch
    /// to if the burst reached its peak in this step.
    public mutating func advance(by dt: Float, parameters: TitaniumParameters) -> Int? {
        let dt = dt.isFinite ? max(dt, 0) : 0
        time += dt
        let life = parameters.clamped().recoverySpeed
        ripples = ripples.compactMap { var r = $0; r.age += dt; return r.age < life ? r : nil }
        guard var change = themeChange else { return nil }
        change.elapsed += dt
        var switchTo: Int?
        if !change.switched && change.elapsed >= TitaniumReference.burstSeconds / 2 {
            change.switched = true
            switchTo = change.to
        }
        themeChange = change.elapsed >= TitaniumReference.burstSeconds ? nil : change
        return switchTo
    }

    /// The burst's turbulence now: burstStrength · sin(π · elapsed / burstSeconds), 0 when none runs.
    public var burst: Float {
        guard let change = themeChange else { return 0 }
        return TitaniumReference.burstStrength * max(sin(Float.pi * change.elapsed / TitaniumReference.burstSeconds), 0)
    }

    /// A ripple's radius and strength at its age: it grows from repelRadius to spread × repelRadius
    /// over expandSpeed of its life, losing trailTaper of its strength as it grows, and fades
    /// linearly to nothing over its life (recoverySpeed seconds).
    public static func ripple(age: Float, parameters: TitaniumParameters) -> (radius: Float, strength: Float) {
        let p = parameters.clamped()
        let life = age / p.recoverySpeed
        let grown = min(life / p.expandSpeed, 1)
        let radius = p.repelRadius * (1 + (p.rippleSpread - 1) * grown)
        let strength = p.trailStrength * (1 - p.trailTaper * grown) * max(1 - life, 0)
        return (radius, strength)
    }

    /// The cursor's field and the ripples', for a tick.
    public func forces(parameters: TitaniumParameters) -> TitaniumReference.Forces {
        let p = parameters.clamped()
        var radial: [TitaniumReference.RadialField] = []
        if let cursor { radial.append(.init(centre: cursor, radius: p.repelRadius, strength: p.touchStrength)) }
        for r in ripples {
            let shape = Self.ripple(age: r.age, parameters: p)
            radial.append(.init(centre: r.centre, radius: shape.radius, strength: shape.strength))
        }
        return TitaniumReference.Forces(radial: radial, burst: burst, time: time)
    }
}
