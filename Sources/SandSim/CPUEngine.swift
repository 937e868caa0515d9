/// The CPU engine: position-based dynamics with Coulomb friction (Macklin et al. 2014), solved
/// sequentially (Gauss–Seidel), so each correction is seen by the next contact and support
/// propagates up the pile without any sleep. Per substep: predict each grain from its velocity,
/// resolve every contact (overlap, then friction) and the glass, and take the velocity from how
/// far each grain really moved.
public final class CPUEngine: PhysicsEngine {
    public let name = "CPU"
    public var substeps = PhysicsConstants.substeps
    public private(set) var lastSubsteps = 0
    private var positions: [SIMD3<Float>] = []
    /// Where each grain stood when the substep began: friction removes sliding measured from it.
    private var starts: [SIMD3<Float>] = []
    private var velocities: [SIMD3<Float>] = []
    private var radii: [Float] = []
    /// Whether each grain rests on something this substep: a grain or the floor.
    private var supported: [Bool] = []
    private var collider = GlassCollider(profile: HourglassProfile(grainRadius: GrainSizing.radiusForCount(GrainSizing.referenceCount)))

    public init() {}

    public var grainCount: Int { positions.count }

    public func load(_ grains: [Grain], profile: HourglassProfile) {
        positions = grains.map(\.position)
        starts = positions
        velocities = grains.map(\.velocity)
        radii = grains.map(\.radius)
        supported = [Bool](repeating: false, count: grains.count)
        collider = GlassCollider(profile: profile)
        substeps = PhysicsConstants.substeps
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = SimulationParameters.clampedFrameDt(frameDt)
        guard dt > 0, substeps > 0 else { return }
        let count = max(substeps, parameters.substepsForSpeed(grainRadius: radii.first ?? 1, frameDt: dt))
        let subDt = dt / Float(count)
        lastSubsteps = count
        let gravity = parameters.gravityVector(angle: angle)
        for _ in 0..<count {
            predict(gravity: gravity, subDt: subDt)
            collideGrains()
            // Last, so the sequential pushes of a packed pile can never leave a grain in the wall.
            collideWithGlass()
            updateVelocities(parameters: parameters, subDt: subDt)
        }
    }

    public func snapAfterFlip() {
        for i in positions.indices {
            positions[i] = SIMD3(positions[i].x, -positions[i].y, -positions[i].z)
            velocities[i] = SIMD3(velocities[i].x, -velocities[i].y, -velocities[i].z)
        }
    }

    public func readGrains() -> [Grain] {
        positions.indices.map { Grain(position: positions[$0], radius: radii[$0], velocity: velocities[$0]) }
    }

    private func predict(gravity: SIMD3<Float>, subDt: Float) {
        for i in positions.indices {
            starts[i] = positions[i]
            supported[i] = false
            velocities[i] += gravity * subDt
            positions[i] += velocities[i] * subDt
        }
    }

    private func collideWithGlass() {
        for i in positions.indices where collider.collide(position: &positions[i], start: starts[i], radius: radii[i]) {
            supported[i] = true
        }
    }

    private func collideGrains() {
        let share = PhysicsConstants.contactShare
        let count = positions.count
        positions.withUnsafeMutableBufferPointer { p in
            starts.withUnsafeBufferPointer { s in
                radii.withUnsafeBufferPointer { r in
                    supported.withUnsafeMutableBufferPointer { resting in
                        for i in 0..<count {
                            for j in (i + 1)..<count {
                                let delta = p[i] - p[j]
                                let touching = r[i] + r[j]
                                let distanceSquared = (delta * delta).sum()
                                guard distanceSquared < touching * touching, distanceSquared > 1e-12 else { continue }
                                let distance = distanceSquared.squareRoot()
                                let normal = delta / distance
                                let depth = touching - distance
                                let push = normal * (depth * share)
                                p[i] += push
                                p[j] -= push
                                let slide = Friction.correction(sliding: (p[i] - s[i]) - (p[j] - s[j]), normal: normal, depth: depth)
                                p[i] -= slide * share
                                p[j] += slide * share
                                // A push may not leave either grain in the glass: in the neck, two
                                // grains side by side must part along it, not be put back on top
                                // of each other by the wall afterwards.
                                collider.projectInside(&p[i], radius: r[i])
                                collider.projectInside(&p[j], radius: r[j])
                                resting[i] = true
                                resting[j] = true
                            }
                        }
                    }
                }
            }
        }
    }

    /// Velocity is how far the grain moved this substep; then the neck's friction, damping and
    /// the original's stop for slow grains resting below the neck (`PhysicsConstants.velocityCutoff`).
    private func updateVelocities(parameters: SimulationParameters, subDt: Float) {
        for i in velocities.indices {
            var v = (positions[i] - starts[i]) / subDt
            v *= parameters.neckFrictionFactor(y: positions[i].y, subDt: subDt)
            let speed = (v * v).sum().squareRoot()
            v *= parameters.dampingFactor(speed: speed, subDt: subDt)
            if parameters.stopsResting(y: positions[i].y, speed: speed, supported: supported[i]) { v = .zero }
            velocities[i] = v
        }
    }
}
