/// `innerRadiusAt(y)` sampled at evenly spaced heights, for the compute shader's O(1) lookup.
/// `radius(at:)` interpolates exactly as `physics_step.comp` does, so the two can be compared.
public struct ProfileLookupTable: Sendable {
    public let minY: Float
    public let maxY: Float
    public let radii: [Float]

    public init(profile: HourglassProfile, size: Int = PhysicsConstants.profileTableSize) {
        let low = -profile.innerHalfHeight, high = profile.innerHalfHeight
        minY = low
        maxY = high
        radii = (0..<size).map { profile.innerRadiusAt(low + (high - low) * Float($0) / Float(size - 1)) }
    }

    public func radius(at y: Float) -> Float {
        let last = radii.count - 1
        let u = min(max((y - minY) / (maxY - minY), 0), 1) * Float(last)
        let index = min(Int(u), last - 1)
        let t = u - Float(index)
        return radii[index] + (radii[index + 1] - radii[index]) * t
    }
}
