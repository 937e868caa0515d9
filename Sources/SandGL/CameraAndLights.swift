import GLSupport
import Foundation

/// The original's camera: 40° vertical field of view, at z = 3 looking at the origin. Fixed;
/// only the container turns.
public struct Camera: Sendable {
    public static let fieldOfView: Float = 40
    public static let position = SIMD3<Float>(0, 0, 3)

    public static func viewProjection(aspect: Float) -> Matrix4 {
        Matrix4.perspective(fovYDegrees: fieldOfView, aspect: aspect, near: 0.1, far: 20) * Matrix4.translation(-position)
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

    static func apply(to program: ShaderProgram) {
        program.set("lightDirections", lights.map { $0.direction / ($0.direction * $0.direction).sum().squareRoot() })
        program.set("lightColors", lights.map { $0.color * ($0.intensity / 1000 * exposure) })
        program.set("ambientLight", SIMD3<Float>(repeating: ambient * exposure))
        program.set("cameraPosition", Camera.position)
    }
}
