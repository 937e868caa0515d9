/// One grain as both engines store it: 32 bytes, the layout of the compute shaders' particle
/// (`vec4 positionRadius; vec4 velocitySleep;`), so buffers copy without conversion.
public struct Grain: Sendable, Equatable {
    public var positionRadius: SIMD4<Float>
    public var velocityAndSleep: SIMD4<Float>

    public init(position: SIMD3<Float>, radius: Float, velocity: SIMD3<Float> = .zero, sleepCounter: Float = 0) {
        positionRadius = SIMD4(position, radius)
        velocityAndSleep = SIMD4(velocity, sleepCounter)
    }

    public var position: SIMD3<Float> {
        get { SIMD3(positionRadius.x, positionRadius.y, positionRadius.z) }
        set { positionRadius = SIMD4(newValue, positionRadius.w) }
    }

    public var velocity: SIMD3<Float> {
        get { SIMD3(velocityAndSleep.x, velocityAndSleep.y, velocityAndSleep.z) }
        set { velocityAndSleep = SIMD4(newValue, velocityAndSleep.w) }
    }

    public var radius: Float { positionRadius.w }
    public var sleepCounter: Float {
        get { velocityAndSleep.w }
        set { velocityAndSleep.w = newValue }
    }

    public var speed: Float { (velocity * velocity).sum().squareRoot() }

    /// The flip's final snap: the shape is symmetric, so turning the grains by π about X
    /// while the container snaps back to 0 leaves the picture unchanged.
    public func flipped() -> Grain {
        let p = position, v = velocity
        return Grain(position: SIMD3(p.x, -p.y, -p.z), radius: radius, velocity: SIMD3(v.x, -v.y, -v.z), sleepCounter: 0)
    }
}

extension Grain {
    /// What an engine's load takes on trust: a positive radius and a finite state (a NaN spreads
    /// through every neighbour's solve, and a zero radius divides).
    public var isLoadable: Bool {
        radius > 0 && (0..<4).allSatisfy { positionRadius[$0].isFinite && velocityAndSleep[$0].isFinite }
    }
}
