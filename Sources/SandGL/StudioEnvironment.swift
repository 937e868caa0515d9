import GLSupport

/// The studio the glass reflects, fixed in the world as the rig is: a dim gradient from floor
/// to ceiling and soft rectangular lights, as three.js's RoomEnvironment lights a scene. Tall
/// strips at the sides draw long highlights down the bulbs; nothing bright stands behind the
/// camera, so where the glass faces the eye it stays clear. Brightness is in display terms:
/// Fresnel's 4% of a strip of 6 is a quarter of white. The glass evaluates it in the mirror
/// direction (studio.glsl), from these numbers as #defines.
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

    /// The studio's numbers as GLSL `#define`s: each light's unit centre, up and right, its
    /// size and colour as constant arrays.
    static let defines: String = {
        let centres = lights.map { normalize($0.centre) }
        let ups = zip(lights, centres).map { normalize($0.0.up - $0.1 * dot($0.0.up, $0.1)) }
        let rights = zip(ups, centres).map { cross($0.0, $0.1) }
        let vec3 = ShaderSource.glslVec3, array = ShaderSource.glslArray
        func vec2(_ v: SIMD2<Float>) -> String { "vec2(\(ShaderSource.glslFloat(v.x)), \(ShaderSource.glslFloat(v.y)))" }
        return [
            "#define STUDIO_LIGHT_COUNT \(lights.count)",
            "#define STUDIO_LIGHT_CENTRES \(array("vec3", centres.map(vec3)))",
            "#define STUDIO_LIGHT_UPS \(array("vec3", ups.map(vec3)))",
            "#define STUDIO_LIGHT_RIGHTS \(array("vec3", rights.map(vec3)))",
            "#define STUDIO_LIGHT_SIZES \(array("vec2", lights.map { vec2($0.size) }))",
            "#define STUDIO_LIGHT_COLORS \(array("vec3", lights.map { vec3($0.color) }))",
            "#define STUDIO_FLOOR \(vec3(floor))", "#define STUDIO_HORIZON \(vec3(horizon))", "#define STUDIO_CEILING \(vec3(ceiling))",
            "#define STUDIO_SOFTNESS \(ShaderSource.glslFloat(softness))",
        ].joined(separator: "\n")
    }()

    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> { v / dot(v, v).squareRoot() }
    private static func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
    private static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
