import Foundation
import GLSupport
import GLTestSupport
@testable import Waves

/// A headless context with a wave field and a renderer, for one test on the test's own thread.
final class WaveFixture {
    let field: WaveField
    let renderer: WaterRenderer
    /// Declared last so it is released after the GL objects above.
    let context: HeadlessContext

    static var unavailableReason: String? { HeadlessContext.unavailableReason }

    static let shaders = ShaderSource.waves(in: Checkout.shaders)

    init(width: Int, height: Int) throws {
        let context = try HeadlessContext()
        field = try WaveField(shaders: Self.shaders)
        renderer = try WaterRenderer(shaders: Self.shaders)
        field.resize(width: width, height: height)
        self.context = context
    }
}

/// Fields and measurements the wave tests share (row-major, row 0 at the top).
enum Fields {
    /// exp(−r²/2s²) around (cx, cy) in cell coordinates.
    static func gaussian(width: Int, height: Int, cx: Float, cy: Float, sigma: Float) -> [Float] {
        (0..<(width * height)).map { i in
            let dx = Float(i % width) - cx, dy = Float(i / width) - cy
            return exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
        }
    }

    /// Deterministic noise in −1…1 (a small LCG, so every run sees the same field).
    static func noise(count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 23) - 1
        }
    }

    /// Bilinear sample at (x, y) in cell coordinates.
    static func sample(_ f: [Float], width: Int, x: Float, y: Float) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Float(x0), fy = y - Float(y0)
        func at(_ i: Int, _ j: Int) -> Float { f[j * width + i] }
        return at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy)
            + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy
    }

    /// The wave operator L + σ(Ld − Lc) applied to `u`, edges clamped as in the step.
    static func operatorApplied(_ u: [Float], width: Int, height: Int, dispersion: Float) -> [Float] {
        func at(_ x: Int, _ y: Int) -> Float { u[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)] }
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width, c = at(x, y)
            let cardinal = at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)
            let diagonal = at(x - 1, y - 1) + at(x + 1, y - 1) + at(x - 1, y + 1) + at(x + 1, y + 1)
            return (4 * cardinal + diagonal - 20 * c) / 6 + dispersion * ((diagonal - 4 * c) * 0.5 - (cardinal - 4 * c))
        }
    }

    /// The leapfrog's discrete energy, exactly conserved with no damping, viscosity or
    /// absorption: |u − u_prev|² − k·⟨u, 𝓛 u_prev⟩ (𝓛 symmetric, negative semi-definite).
    static func energy(previous: [Float], current: [Float], width: Int, height: Int, k: Float, dispersion: Float) -> Double {
        let l = operatorApplied(previous, width: width, height: height, dispersion: dispersion)
        var kinetic = 0.0, potential = 0.0
        for i in current.indices {
            let v = Double(current[i] - previous[i])
            kinetic += v * v
            potential -= Double(k) * Double(current[i]) * Double(l[i])
        }
        return kinetic + potential
    }
}

/// Steps a Verlet pair with the CPU reference.
struct ReferencePair {
    var previous: [Float]
    var current: [Float]
    let width: Int, height: Int
    let coefficients: WaveCoefficients

    init(previous: [Float], current: [Float], width: Int, height: Int, parameters: WaveParameters) {
        (self.previous, self.current, self.width, self.height) = (previous, current, width, height)
        coefficients = WaveCoefficients(parameters: parameters, width: width, height: height)
    }

    init(previous: [Float], current: [Float], width: Int, height: Int, coefficients: WaveCoefficients) {
        (self.previous, self.current, self.width, self.height, self.coefficients) = (previous, current, width, height, coefficients)
    }

    mutating func step(_ count: Int = 1) {
        for _ in 0..<count {
            let next = WaveReference.step(previous: previous, current: current, width: width, height: height, coefficients: coefficients)
            previous = current
            current = next
        }
    }

    var energy: Double {
        Fields.energy(previous: previous, current: current, width: width, height: height, k: coefficients.k, dispersion: coefficients.dispersion)
    }
}

extension WaveParameters {
    /// No losses, no dispersion, fully reflecting edges: the bare wave equation.
    static func lossless(speed: Float) -> WaveParameters {
        var p = WaveParameters.defaults
        p.waveSpeed = speed
        p.damping = 0
        p.viscosity = 0
        p.dispersion = 0
        p.edgeReflection = 1
        return p
    }
}
