import SceneSupport

/// Everything a user can tune about the titanium scene (seed 004, TitaniumFlow), in the seed's
/// four groups. Lengths are the seed's points (pt): the square is `squareSize` pt on a side and
/// `SquareLayout` scales points to window pixels. docs/TITANIUM.md lists every default and range.
public struct TitaniumParameters: Codable, Equatable, Sendable {
    // Size (the seed's "Size" table)
    public var squareSize: Float = 200        // pt, 50–400
    public var scale: Float = 0.8             // sprite scale (the sprite is 4 pt across at 1)
    public var scaleRange: Float = 0.18       // ± half of it
    public var lifetime: Float = 2.5          // s
    public var lifetimeRange: Float = 2.0     // s, ± half of it
    public var fadeSpeed: Float = -0.3        // alpha per second
    public var speed: Float = 3               // pt/s
    public var speedRange: Float = 3          // pt/s, ± half of it
    public var highlightGradient: Float = 3   // density = pow(1 − distance, gradient)
    public var highlightTargetX: Float = 1    // focal point, −1…1 across the square (y up)
    public var highlightTargetY: Float = 1

    // Layer
    public var baseAlpha: Float = 0.8
    public var baseBirthRate: Float = 3000    // particles a second, the whole layer
    public var midAlpha: Float = 0.7
    public var midBirthRate: Float = 2400
    public var highlightAlpha: Float = 0.85
    public var highlightBirthRate: Float = 8000

    // Field
    public var gravityEnabled = false
    public var gravityStrength: Float = 0.2
    public var gravityDirectionX: Float = 0
    public var gravityDirectionY: Float = -1
    /// The fraction of particles that obey gravity.
    public var gravityVariation: Float = 1
    public var turbulenceEnabled = false
    public var turbulenceStrength: Float = 5
    public var turbulenceSmoothness: Float = 0.5
    public var turbulenceAnimationSpeed: Float = 1.5
    public var turbulenceX: Float = 0         // −1…1 across the square
    public var turbulenceY: Float = 0
    public var turbulenceRadius: Float = 0    // pt; 0: everywhere

    // Touch
    public var repelRadius: Float = 10        // pt
    public var touchStrength: Float = -2.5    // negative repels
    public var trailStrength: Float = -1.5
    public var rippleSpread: Float = 5        // a ripple's largest radius, × repelRadius
    public var recoverySpeed: Float = 0.15    // s a ripple lives
    public var trailDensity: Float = 10       // pt of cursor path between ripples
    public var trailTaper: Float = 0.3        // the share of a ripple's strength lost as it expands
    public var expandSpeed: Float = 0.5       // share of its life a ripple takes to reach full size

    // Colour
    public var theme: Int = 0

    public init() {}

    public static let defaults = TitaniumParameters()

    public typealias Slider = ParameterSlider<TitaniumParameters>
    public typealias Toggle = (label: String, keyPath: WritableKeyPath<TitaniumParameters, Bool> & Sendable)

    /// The overlay's sliders in the seed's groups; each range is the one `clamped()` enforces.
    /// Labels are the English keys of the app's string catalogues.
    public static let sliders: [(group: String, sliders: [Slider])] = [
        ("Size", [
            ("Square Size", \.squareSize, 50...400, "%.0f"),
            ("Scale", \.scale, 0.1...2, "%.2f"),
            ("Scale Range", \.scaleRange, 0...0.5, "%.2f"),
            ("Lifetime", \.lifetime, 0.5...10, "%.2f"),
            ("Lifetime Range", \.lifetimeRange, 0...10, "%.2f"),
            ("Fade Speed", \.fadeSpeed, -2...0, "%.2f"),
            ("Speed", \.speed, 0...50, "%.1f"),
            ("Speed Range", \.speedRange, 0...30, "%.1f"),
            ("Highlight Gradient", \.highlightGradient, 0...8, "%.2f"),
            ("Highlight Target X", \.highlightTargetX, -1...1, "%.2f"),
            ("Highlight Target Y", \.highlightTargetY, -1...1, "%.2f"),
        ]),
        ("Layer", [
            ("Base Alpha", \.baseAlpha, 0...1, "%.2f"),
            ("Base Birth Rate", \.baseBirthRate, 0...20000, "%.0f"),
            ("Mid Alpha", \.midAlpha, 0...1, "%.2f"),
            ("Mid Birth Rate", \.midBirthRate, 0...20000, "%.0f"),
            ("Highlight Alpha", \.highlightAlpha, 0...1, "%.2f"),
            ("Highlight Birth Rate", \.highlightBirthRate, 0...20000, "%.0f"),
        ]),
        ("Field", [
            ("Gravity Strength", \.gravityStrength, 0...2, "%.2f"),
            ("Gravity Direction X", \.gravityDirectionX, -1...1, "%.2f"),
            ("Gravity Direction Y", \.gravityDirectionY, -1...1, "%.2f"),
            ("Gravity Variation", \.gravityVariation, 0...1, "%.2f"),
            ("Turbulence Strength", \.turbulenceStrength, 0...20, "%.1f"),
            ("Turbulence Smoothness", \.turbulenceSmoothness, 0...1, "%.2f"),
            ("Animation Speed", \.turbulenceAnimationSpeed, 0...5, "%.2f"),
            ("Turbulence Position X", \.turbulenceX, -1...1, "%.2f"),
            ("Turbulence Position Y", \.turbulenceY, -1...1, "%.2f"),
            ("Turbulence Radius", \.turbulenceRadius, 0...400, "%.0f"),
        ]),
        ("Touch", [
            ("Repel Radius", \.repelRadius, 1...100, "%.1f"),
            ("Touch Strength", \.touchStrength, -10...0, "%.2f"),
            ("Trail Strength", \.trailStrength, -10...0, "%.2f"),
            ("Ripple Spread", \.rippleSpread, 1...10, "%.1f"),
            ("Recovery Speed", \.recoverySpeed, 0.05...2, "%.2f"),
            ("Trail Density", \.trailDensity, 2...50, "%.0f"),
            ("Trail Taper", \.trailTaper, 0...1, "%.2f"),
            ("Expand Speed", \.expandSpeed, 0.05...1, "%.2f"),
        ]),
    ]

    /// The Field group's switches, shown above its sliders.
    public static let toggles: [Toggle] = [("Gravity", \.gravityEnabled), ("Turbulence", \.turbulenceEnabled)]

    /// Every value in its range; a non-finite value becomes its default; the theme one of `TitaniumTheme.all`.
    public func clamped() -> TitaniumParameters {
        var result = ParameterClamp.sliders(Self.sliders.flatMap(\.sliders), of: self, defaults: .defaults)
        result.theme = min(max(theme, 0), TitaniumTheme.all.count - 1)
        return result
    }

    public var alphas: SIMD3<Float> { SIMD3(baseAlpha, midAlpha, highlightAlpha) }
    public var birthRates: SIMD3<Float> { SIMD3(baseBirthRate, midBirthRate, highlightBirthRate) }
    /// The longest a particle lives: lifetime + lifetimeRange / 2.
    public var longestLifetime: Float { lifetime + lifetimeRange / 2 }
    /// The shortest, never below a tenth of a second.
    public var shortestLifetime: Float { max(lifetime - lifetimeRange / 2, 0.1) }
}

/// A colour theme: one hue, with each layer's saturation and brightness (the seed's "same hue,
/// different saturation/brightness").
public struct TitaniumTheme: Equatable, Sendable {
    public var name: String
    public var hue: Float
    /// (saturation, brightness) of base, mid, highlight.
    public var layers: [SIMD2<Float>]

    public static let all: [TitaniumTheme] = [
        TitaniumTheme(name: "Titanium", hue: 0.58, layers: [SIMD2(0.30, 0.24), SIMD2(0.18, 0.30), SIMD2(0.06, 0.50)]),
        TitaniumTheme(name: "Gold", hue: 0.11, layers: [SIMD2(0.80, 0.26), SIMD2(0.65, 0.32), SIMD2(0.35, 0.50)]),
        TitaniumTheme(name: "Rose", hue: 0.95, layers: [SIMD2(0.60, 0.26), SIMD2(0.45, 0.32), SIMD2(0.20, 0.50)]),
    ]

    /// Layer `layer`'s colour, RGB 0–1.
    public func colour(layer: Int) -> SIMD3<Float> {
        let sb = layers[min(max(layer, 0), 2)]
        return Self.rgb(hue: hue, saturation: sb.x, brightness: sb.y)
    }

    /// HSB to RGB, as SwiftUI's Color(hue:saturation:brightness:).
    public static func rgb(hue: Float, saturation s: Float, brightness v: Float) -> SIMD3<Float> {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - Float(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return SIMD3(v, t, p)
        case 1: return SIMD3(q, v, p)
        case 2: return SIMD3(p, v, t)
        case 3: return SIMD3(p, q, v)
        case 4: return SIMD3(t, p, v)
        default: return SIMD3(v, p, q)
        }
    }
}
