import GLSupport
import Foundation

/// The camera: the original's 40° vertical field of view, looking at the hourglass's centre
/// from a little above, near enough that the hourglass fills about three quarters of the
/// picture's height (the original stood at z = 3, where it filled half), until the user orbits
/// it about the centre (`yaw` about the vertical, `pitch` over or under) or moves it nearer or
/// farther. The lights stay with the world.
public struct Camera: Equatable, Sendable {
    public static let fieldOfView: Float = 40
    public static let original = Camera(pitch: 0.14, distance: 2.15)
    public static let pitchLimit: Float = 85 * .pi / 180
    public static let distanceRange: ClosedRange<Float> = 1.2...8

    public var yaw: Float = 0
    public var pitch: Float = 0
    public var distance: Float = 3

    /// The pitch and distance held within their limits: short of straight over, and never under
    /// the desk, where the camera would look at the base from inside the wood.
    public init(yaw: Float = 0, pitch: Float = 0, distance: Float = 3) {
        self.yaw = yaw
        self.distance = min(max(distance, Self.distanceRange.lowerBound), Self.distanceRange.upperBound)
        self.pitch = min(max(pitch, Self.lowestPitch(distance: self.distance)), Self.pitchLimit)
    }

    /// The lowest the camera goes: a little above the desk's plane.
    public static let lowestHeight: Float = Desk.height + 0.05

    /// The lowest pitch at `distance` that keeps the camera above the desk's plane.
    public static func lowestPitch(distance: Float) -> Float {
        max(asin(min(max(lowestHeight / distance, -1), 1)), -pitchLimit)
    }

    /// Where the camera stands in the world.
    public var position: SIMD3<Float> {
        let horizontal = distance * cos(pitch)
        return SIMD3(horizontal * sin(yaw), distance * sin(pitch), horizontal * cos(yaw))
    }

    public func viewProjection(aspect: Float) -> Matrix4 {
        Matrix4.perspective(fovYDegrees: Self.fieldOfView, aspect: aspect, near: 0.1, far: 20)
            * Matrix4.translation([0, 0, -distance]) * Matrix4.rotationX(pitch) * Matrix4.rotationY(-yaw)
    }

    /// Turned by `yaw` and `pitch` radians more, the pitch held short of straight over and above
    /// the desk.
    public func orbited(yaw: Float, pitch: Float) -> Camera {
        Camera(yaw: self.yaw + yaw, pitch: self.pitch + pitch, distance: distance)
    }

    /// Nearer by `factor` (above 1) or farther (below 1), within `distanceRange`.
    public func zoomed(by factor: Float) -> Camera {
        Camera(yaw: yaw, pitch: pitch, distance: distance / factor)
    }
}

/// The original's warm five-light rig and ambient, on SceneKit's scale (1000 = full).
public enum LightRig {
    public struct Light: Sendable {
        public var name: String
        /// From the lit surface toward the light, in the world (camera) frame.
        public var direction: SIMD3<Float>
        public var intensity: Float
        public var color: SIMD3<Float>
    }

    public static let lights: [Light] = [
        Light(name: "key", direction: [0.55, 0.75, 0.65], intensity: 120, color: [1.00, 0.93, 0.80]),
        Light(name: "front", direction: [0.0, 0.15, 1.0], intensity: 100, color: [1.00, 0.95, 0.88]),
        Light(name: "fill", direction: [-0.85, 0.25, 0.45], intensity: 60, color: [0.95, 0.93, 0.90]),
        Light(name: "rim", direction: [-0.2, 0.5, -1.0], intensity: 60, color: [1.00, 0.85, 0.62]),
        Light(name: "bottom", direction: [0.0, -1.0, 0.3], intensity: 8, color: [1.00, 0.90, 0.75]),
    ]
    public static let ambient: Float = 0.08
    /// SceneKit's lights fall on an HDR camera; ours are scaled by this so the sand reads as
    /// the original's warm gold without clipping (checked by eye on screenshots).
    public static let exposure: Float = 2.6

    /// The light whose highlight the glass shows over its reflections (the front light stands
    /// behind the eye: its mirror image would be a spot in the middle of the clear glass).
    public static let key = lights.firstIndex { $0.name == "key" }!

    /// The rig as GLSL `#define`s (lighting.glsl): one source for its numbers, constants the
    /// shader compiler folds instead of uniforms set on every program.
    static let defines: String = {
        let vec3 = ShaderSource.glslVec3, array = ShaderSource.glslArray
        let directions = lights.map { vec3($0.direction / ($0.direction * $0.direction).sum().squareRoot()) }
        let colors = lights.map { vec3($0.color * ($0.intensity / 1000 * exposure)) }
        return [
            "#define RIG_LIGHT_COUNT \(lights.count)",
            "#define KEY_LIGHT \(key)",
            "#define RIG_LIGHT_DIRECTIONS \(array("vec3", directions))",
            "#define RIG_LIGHT_COLORS \(array("vec3", colors))",
            "#define RIG_AMBIENT \(vec3(SIMD3(repeating: ambient * exposure)))",
            "#define RIG_LAMBERT(n) (RIG_AMBIENT\(zip(colors, directions).map { " + \($0) * max(dot(n, \($1)), 0.0)" }.joined()))",
        ].joined(separator: "\n")
    }()
}
