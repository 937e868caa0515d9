import Foundation
import GLSupport

/// The studio the glass reflects, fixed in the world as the rig is: a dim gradient from floor
/// to ceiling and soft rectangular lights, as three.js's RoomEnvironment lights a scene. Tall
/// strips at the sides draw long highlights down the bulbs; nothing bright stands behind the
/// camera, so where the glass faces the eye it stays clear. Brightness is in display terms:
/// Fresnel's 4% of a strip of 6 is a quarter of white. Computed here once into a cube map,
/// which the glass looks up in the mirror direction.
enum StudioEnvironment {
    struct Light {
        /// From the hourglass toward the light's centre.
        var centre: SIMD3<Float>
        /// The light's up, perpendicular to `centre` once made so.
        var up: SIMD3<Float>
        /// Half width and half height on the plane one unit out along `centre`.
        var size: SIMD2<Float>
        var color: SIMD3<Float>
    }

    static let lights: [Light] = [
        Light(centre: [0.80, 0.10, 0.55], up: [0, 1, 0], size: [0.16, 1.4], color: [6.0, 5.7, 5.2]),    // key strip, right
        Light(centre: [-0.85, 0.05, 0.45], up: [0, 1, 0], size: [0.10, 1.2], color: [3.4, 3.4, 3.5]),   // fill strip, left
        Light(centre: [0.05, 1.0, 0.1], up: [0, 0, -1], size: [0.6, 0.35], color: [2.2, 2.1, 2.0]),     // overhead box
        Light(centre: [-0.3, 0.3, -0.9], up: [0, 1, 0], size: [0.3, 0.8], color: [2.0, 1.8, 1.5]),      // warm rim, behind
    ]
    static let floor = SIMD3<Float>(0.05, 0.045, 0.04)
    static let horizon = SIMD3<Float>(0.16, 0.15, 0.14)
    static let ceiling = SIMD3<Float>(0.24, 0.24, 0.25)
    /// Width of a light's soft edge on its plane.
    static let softness: Float = 0.08
    /// Texels along a face of the cube map: a strip's soft edge spans a few.
    static let faceSize = 128

    /// What the glass reflects in `direction` (unit, world frame).
    static func radiance(_ direction: SIMD3<Float>) -> SIMD3<Float> {
        let y = direction.y
        var color = y < 0 ? horizon + (floor - horizon) * -y : horizon + (ceiling - horizon) * y
        for light in lights {
            let centre = normalize(light.centre)
            let up = normalize(light.up - centre * dot(light.up, centre))
            let facing = dot(direction, centre)
            guard facing > 0 else { continue }
            let onPlane = SIMD2(abs(dot(direction, cross(up, centre))), abs(dot(direction, up))) / facing
            let inside = (light.size + softness - onPlane) / (2 * softness)
            color += light.color * clamp(inside.x) * clamp(inside.y)
        }
        return color
    }

    /// The studio as a cube map, in GL's face order and texel layout.
    static func cubeMap() -> CubeTexture {
        // Each face's direction for texel coordinates (s, t) in −1…1, as GL's cube map table has it.
        let faces: [(Float, Float) -> SIMD3<Float>] = [
            { s, t in [1, -t, -s] }, { s, t in [-1, -t, s] }, { s, t in [s, 1, t] },
            { s, t in [s, -1, -t] }, { s, t in [s, -t, 1] }, { s, t in [-s, -t, -1] },
        ]
        let texels = faces.map { face in
            (0..<faceSize * faceSize).map { index -> SIMD3<Float> in
                let s = (Float(index % faceSize) + 0.5) / Float(faceSize) * 2 - 1
                let t = (Float(index / faceSize) + 0.5) / Float(faceSize) * 2 - 1
                return radiance(normalize(face(s, t)))
            }
        }
        return CubeTexture(size: faceSize, faces: texels)
    }

    private static func clamp(_ x: Float) -> Float { min(max(x, 0), 1) }
    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> { v / dot(v, v).squareRoot() }
    private static func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
    private static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
