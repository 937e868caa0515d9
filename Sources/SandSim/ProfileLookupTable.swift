/// `innerRadiusAt(y)` sampled at evenly spaced heights, for the compute shader's O(1) lookup.
/// `radius(at:)` interpolates exactly as `glass.glsl` does, so the two can be compared.
/// The spacing puts y = 0 exactly on entry `size / 2 - 1`, so the narrowest point, where one
/// grain must just fit, is sampled rather than interpolated; the last entry lies a step above
/// the ceiling.
public struct ProfileLookupTable: Sendable {
    public let minY: Float
    public let maxY: Float
    /// Height between neighbouring entries.
    public let spacing: Float
    public let radii: [Float]

    public init(profile: HourglassProfile, size: Int = PhysicsConstants.profileTableSize) {
        let low = -profile.innerHalfHeight
        let spacing = profile.innerHalfHeight / Float(size / 2 - 1)
        minY = low
        maxY = low + spacing * Float(size - 1)
        self.spacing = spacing
        radii = (0..<size).map { profile.innerRadiusAt(low + spacing * Float($0)) }
    }

    public func radius(at y: Float) -> Float {
        let last = radii.count - 1
        let u = min(max((y - minY) / spacing, 0), Float(last))
        let index = min(Int(u), last - 1)
        let t = u - Float(index)
        return radii[index] + (radii[index + 1] - radii[index]) * t
    }
}
