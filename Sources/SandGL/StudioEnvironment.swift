import CEpoxy
import GLSupport
import SandSim

/// The studio the glass reflects, fixed in the world as the rig is: a dim gradient from floor
/// to ceiling and soft rectangular lights, as three.js's RoomEnvironment lights a scene. Tall
/// strips at the sides draw long highlights down the bulbs; nothing bright stands behind the
/// camera, so where the glass faces the eye it stays clear. Brightness is in display terms:
/// Fresnel's 4% of a strip of 6 is a quarter of white. Written once into a cube map
/// (studio_cube.comp), which the glass looks up in the mirror direction.
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

    /// The studio as a cube map.
    static func cubeMap(shaders: ShaderSource) throws -> CubeTexture {
        let program = try ShaderProgram(compute: "studio_cube.comp", source: shaders)
        let centres = lights.map { normalize($0.centre) }
        let ups = zip(lights, centres).map { normalize($0.0.up - $0.1 * dot($0.0.up, $0.1)) }
        program.set("lightCentres", centres)
        program.set("lightUps", ups)
        program.set("lightRights", zip(ups, centres).map { cross($0.0, $0.1) })
        program.set("lightSizes", lights.map(\.size))
        program.set("lightColors", lights.map(\.color))
        program.set("studioFloor", floor)
        program.set("studioHorizon", horizon)
        program.set("studioCeiling", ceiling)
        program.set("softness", softness)
        program.set("faceSize", Int32(faceSize))
        let cube = CubeTexture(size: faceSize)
        cube.bindImageForWriting(unit: 0)
        program.dispatch(invocations: 6 * faceSize * faceSize, groupSize: PhysicsConstants.workGroupSize)
        epoxy_glMemoryBarrier(GLbitfield(GL_TEXTURE_FETCH_BARRIER_BIT))
        return cube
    }

    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> { v / dot(v, v).squareRoot() }
    private static func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
    private static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
