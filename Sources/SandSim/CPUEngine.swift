/// The original's `GranularSimulation`: all-pairs collision resolved sequentially, so each
/// correction is seen by the next pair and support propagates up the pile without any sleep.
public final class CPUEngine: PhysicsEngine {
    public let name = "CPU"
    public var substeps = PhysicsConstants.cpuSubsteps
    private var positions: [SIMD3<Float>] = []
    private var velocities: [SIMD3<Float>] = []
    private var radii: [Float] = []
    private var collider = GlassCollider(profile: HourglassProfile(grainRadius: GrainSizing.radiusForCount(GrainSizing.referenceCount)))

    public init() {}

    public var grainCount: Int { positions.count }

    public func load(_ grains: [Grain], profile: HourglassProfile) {
        positions = grains.map(\.position)
        velocities = grains.map(\.velocity)
        radii = grains.map(\.radius)
        collider = GlassCollider(profile: profile)
        substeps = PhysicsConstants.cpuSubsteps
    }

    public func step(frameDt: Float, angle: Float, parameters: SimulationParameters) {
        let dt = SimulationParameters.clampedFrameDt(frameDt)
        guard dt > 0, substeps > 0 else { return }
        let subDt = dt / Float(substeps)
        let gravity = parameters.gravityVector(angle: angle)
        for _ in 0..<substeps {
            integrate(gravity: gravity, subDt: subDt)
            collideGrains()
            // Last, so the sequential pushes of a packed pile can never leave a grain in the wall.
            collideWithGlass(restingSpeed: parameters.gravity * subDt * PhysicsConstants.restingContactFactor)
            applyFriction(parameters: parameters, subDt: subDt)
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

    private func integrate(gravity: SIMD3<Float>, subDt: Float) {
        for i in positions.indices {
            velocities[i] += gravity * subDt
            positions[i] += velocities[i] * subDt
        }
    }

    private func collideWithGlass(restingSpeed: Float) {
        for i in positions.indices {
            var p = positions[i], v = velocities[i]
            collider.collideWall(position: &p, velocity: &v, radius: radii[i])
            collider.collideFloorAndCeiling(position: &p, velocity: &v, radius: radii[i], restingSpeed: restingSpeed)
            positions[i] = p
            velocities[i] = v
        }
    }

    private func collideGrains() {
        let share = PhysicsConstants.cpuCorrectionShare
        let bounce = 1 + PhysicsConstants.grainRestitution
        let count = positions.count
        positions.withUnsafeMutableBufferPointer { p in
            velocities.withUnsafeMutableBufferPointer { v in
                radii.withUnsafeBufferPointer { r in
                    for i in 0..<count {
                        for j in (i + 1)..<count {
                            let delta = p[i] - p[j]
                            let touching = r[i] + r[j]
                            let distanceSquared = (delta * delta).sum()
                            guard distanceSquared < touching * touching, distanceSquared > 1e-12 else { continue }
                            let distance = distanceSquared.squareRoot()
                            let normal = delta / distance
                            let push = normal * ((touching - distance) * share)
                            p[i] += push
                            p[j] -= push
                            let approach = ((v[i] - v[j]) * normal).sum()
                            if approach < 0 {
                                let impulse = normal * (-bounce * approach * share)
                                v[i] += impulse
                                v[j] -= impulse
                            }
                        }
                    }
                }
            }
        }
    }

    private func applyFriction(parameters: SimulationParameters, subDt: Float) {
        for i in velocities.indices {
            var v = velocities[i] * parameters.neckFrictionFactor(y: positions[i].y, subDt: subDt)
            let speed = (v * v).sum().squareRoot()
            v *= parameters.dampingFactor(speed: speed, subDt: subDt)
            velocities[i] = v
        }
    }
}
