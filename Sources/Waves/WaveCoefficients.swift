import Foundation

/// The numbers one step needs, worked out once on the CPU from the parameters and the grid and
/// handed to both the compute shader (as uniforms) and `WaveReference`: one source for each.
///
/// The scheme (docs/WAVES.md derives it):
///
///     L   = (4·Σcardinal + Σdiagonal − 20·u) / 6            9-point isotropic Laplacian
///     Lc  = Σcardinal − 4·u,  Ld = (Σdiagonal − 4·u) / 2    cardinal and diagonal Laplacians
///     v   = u − a·u_prev;  v = mix(v, mean of the 4 neighbours' v, β);  v *= exp(−γ·dt)
///     u_next = a · (u + v + k·(L + σ·(Ld − Lc)))
///
/// with a the edge attenuation (`attenuation`, 1 away from the edges). Height and velocity are
/// both scaled by a: the state (u_prev, u) becomes (a·u_prev, a·u) before the step. The
/// textures keep u_prev unscaled, so the step reads the previous field as a·u_prev; scaling
/// only the new height instead would turn (a − 1)·u into velocity, a spring that reflects
/// most of a wave whatever a is. For uniform a the roots are a times the interior ones, so the
/// band never loosens stability. In Fourier terms (A = 1 − cos kx·h, B = 1 − cos ky·h, both
/// 0…2) the operator is L + σ(Ld − Lc) = −2A − 2B + (2/3 + 2σ)·A·B, and the velocity factor
/// is g = exp(−γ·dt)·(1 − β(A + B)/2). Leapfrog stays bounded while
/// k·|λ| ≤ 2(1 + g) for every mode; both sides are bilinear in A and B, so the worst modes are
/// the corners: (π, 0) gives k ≤ (1 + g)/2 and the checkerboard (π, π) gives
/// k ≤ (1 + g) / (8/3 − 4σ). With no damping, viscosity or dispersion that is k ≤ 3/4, a Courant
/// number c·dt/h ≤ √3/2 ≈ 0.866 (the 5-point stencil's is 1/√2). σ must stay below 2/3 or the
/// checkerboard grows without bound.
public struct WaveCoefficients: Equatable, Sendable {
    /// (c·dt/cell)², clamped to `stabilitySafety` × the stability limit.
    public var k: Float
    /// The dispersion weight σ.
    public var dispersion: Float
    /// The viscosity blend β = min(ν·dt·12, 0.5).
    public var viscosityBlend: Float
    /// The velocity factor exp(−γ·dt).
    public var decay: Float
    /// ln of the edge cells' per-step attenuation (0 when the edges reflect fully).
    public var edgeLogDecay: Float
    /// The absorbing band's width in cells (at least a tenth of one).
    public var edgeWidthCells: Float

    /// How far below the exact stability limit k is held: at the limit itself the checkerboard
    /// mode neither grows nor decays with no damping, and a double root grows linearly.
    public static let stabilitySafety: Float = 0.98
    /// The smallest reflection the absorbing band aims for (edgeReflection 0 means this).
    public static let minimumReflection: Float = 0.01

    public init(parameters: WaveParameters, width: Int, height: Int, dt: Float = WaveClock.stepSeconds) {
        let p = parameters.clamped()
        dispersion = p.dispersion
        viscosityBlend = min(p.viscosity * dt * 12, 0.5)
        decay = exp(-p.damping * dt)
        edgeWidthCells = max(p.edgeWidth * Float(min(width, height)), 0.1)
        let wanted = p.waveSpeed * dt * p.waveSpeed * dt
        k = min(wanted, Self.stabilitySafety * Self.stabilityLimit(dispersion: dispersion, viscosityBlend: viscosityBlend, decay: decay))
        edgeLogDecay = Self.edgeLogDecay(reflection: p.edgeReflection, widthCells: edgeWidthCells, k: k)
    }

    /// The largest k for which every Fourier mode stays bounded (see the type's comment).
    public static func stabilityLimit(dispersion σ: Float, viscosityBlend β: Float, decay d: Float) -> Float {
        let axisMode = (1 + d * (1 - β)) / 2
        let checkerboard = (1 + d * (1 - 2 * β)) / (8.0 / 3.0 - 4 * σ)
        return min(axisMode, checkerboard)
    }

    /// The band's strength: a wave crossing the band of `widthCells` at √k cells a step and
    /// back takes 2·width/√k steps; a per-step factor a(d) = exp(λ·(1 − s(d))), with s the
    /// smoothstep ramp (mean of 1 − s across the band: ½), multiplies its amplitude by
    /// exp(λ·width/√k) on the round trip. Setting that to `reflection` gives
    /// λ = √k·ln(reflection)/width.
    static func edgeLogDecay(reflection: Float, widthCells: Float, k: Float) -> Float {
        guard reflection < 1 else { return 0 }
        return k.squareRoot() * log(max(reflection, minimumReflection)) / widthCells
    }

    /// The fastest wave speed in cells per second that `parameters` (other than the speed) allow.
    public static func maximumSpeed(parameters: WaveParameters, width: Int = 256, height: Int = 256, dt: Float = WaveClock.stepSeconds) -> Float {
        var fast = parameters
        fast.waveSpeed = .greatestFiniteMagnitude
        return WaveCoefficients(parameters: fast, width: width, height: height, dt: dt).k.squareRoot() / dt
    }

    /// The per-step attenuation a = exp(edgeLogDecay · (1 − smoothstep(0, edgeWidthCells, d))),
    /// d = cells to the nearest edge (0 on the edge cells): the seed's
    /// mix(edgeReflection, 1, smoothstep) taken in log space and spread over the band's crossing.
    public func attenuation(x: Int, y: Int, width: Int, height: Int) -> Float {
        let d = Float(min(min(x, width - 1 - x), min(y, height - 1 - y)))
        let t = min(max(d / edgeWidthCells, 0), 1)
        let s = t * t * (3 - 2 * t)
        return exp(edgeLogDecay * (1 - s))
    }
}

/// How an impulse is shared between displacement and velocity.
public enum WaveImpulse {
    /// The share of a disturbance that becomes velocity; the rest (18%) is displacement.
    public static let velocityShare: Float = 0.82
}
