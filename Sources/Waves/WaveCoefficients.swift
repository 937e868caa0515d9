import Foundation

/// The numbers one step needs, worked out once on the CPU from the parameters and the grid and
/// handed to both the compute shader (as uniforms) and `WaveReference`: one source for each.
///
/// The scheme (docs/WAVES.md derives it):
///
///     L   = (4·Σcardinal + Σdiagonal − 20·u) / 6            9-point isotropic Laplacian
///     Lc  = Σcardinal − 4·u,  Ld = (Σdiagonal − 4·u) / 2    cardinal and diagonal Laplacians
///     v   = u − u_prev;  v = mix(v, mean of the 4 neighbours' v, β);  v *= exp(−γ·dt)
///     u_next = a · (u + v + k·(L + σ·(Ld − Lc)))
///
/// with a the edge attenuation. In Fourier terms (A = 1 − cos kx·h, B = 1 − cos ky·h, both 0…2)
/// the operator is L + σ(Ld − Lc) = −2A − 2B + (2/3 + 2σ)·A·B, and the velocity factor is
/// g = exp(−γ·dt)·(1 − β(A + B)/2). Leapfrog stays bounded while k·|λ| ≤ 2(1 + g) for every
/// mode; both sides are bilinear in A and B, so the worst modes are the corners: (π, 0) gives
/// k ≤ (1 + g₁)/2 and the checkerboard (π, π) gives k ≤ (1 + g₂) / (8/3 − 4σ). With no damping,
/// viscosity or dispersion that is k ≤ 3/4, a Courant number c·dt/h ≤ √3/2 ≈ 0.866 (the 5-point
/// stencil's is 1/√2). σ must stay below 2/3 or the checkerboard grows without bound.
public struct WaveCoefficients: Equatable, Sendable {
    /// (c·dt/cell)², clamped to `stabilityLimit`.
    public var k: Float
    /// The dispersion weight σ.
    public var dispersion: Float
    /// The viscosity blend β = min(ν·dt·12, 0.5).
    public var viscosityBlend: Float
    /// The velocity factor exp(−γ·dt).
    public var decay: Float
    /// Attenuation at the edge cells.
    public var edgeReflection: Float
    /// The absorbing band's width in cells (at least a tenth of one).
    public var edgeWidthCells: Float

    /// How far below the exact stability limit k is held: at the limit itself the checkerboard
    /// mode neither grows nor decays with no damping, and a double root grows linearly.
    public static let stabilitySafety: Float = 0.98

    public init(parameters: WaveParameters, width: Int, height: Int, dt: Float = WaveClock.stepSeconds) {
        let p = parameters.clamped()
        dispersion = p.dispersion
        viscosityBlend = min(p.viscosity * dt * 12, 0.5)
        decay = exp(-p.damping * dt)
        let limit = Self.stabilityLimit(dispersion: dispersion, viscosityBlend: viscosityBlend, decay: decay)
        k = min(p.waveSpeed * dt * p.waveSpeed * dt, Self.stabilitySafety * limit)
        edgeReflection = p.edgeReflection
        edgeWidthCells = max(p.edgeWidth * Float(min(width, height)), 0.1)
    }

    /// The largest k for which every Fourier mode stays bounded (see the type's comment).
    public static func stabilityLimit(dispersion σ: Float, viscosityBlend β: Float, decay d: Float) -> Float {
        let axisMode = (1 + d * (1 - β)) / 2
        let checkerboard = (1 + d * (1 - 2 * β)) / (8.0 / 3.0 - 4 * σ)
        return min(axisMode, checkerboard)
    }

    /// The fastest wave speed in cells per second that `parameters` (other than the speed) allow.
    public static func maximumSpeed(parameters: WaveParameters, dt: Float = WaveClock.stepSeconds) -> Float {
        var fast = parameters
        fast.waveSpeed = .greatestFiniteMagnitude
        return WaveCoefficients(parameters: fast, width: 1, height: 1, dt: dt).k.squareRoot() / dt
    }

    /// a = mix(edgeReflection, 1, smoothstep(0, edgeWidthCells, d)), d = cells to the nearest
    /// edge (0 on the edge cells).
    public func attenuation(x: Int, y: Int, width: Int, height: Int) -> Float {
        let d = Float(min(min(x, width - 1 - x), min(y, height - 1 - y)))
        let t = min(max(d / edgeWidthCells, 0), 1)
        let s = t * t * (3 - 2 * t)
        return edgeReflection * (1 - s) + s
    }
}

/// How an impulse is shared between displacement and velocity.
public enum WaveImpulse {
    /// The share of a disturbance that becomes velocity; the rest (18%) is displacement.
    public static let velocityShare: Float = 0.82
}
