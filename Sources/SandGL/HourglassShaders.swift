import Foundation
import GLSupport
import SandSim

extension ShaderSource {
    /// The hourglass's shaders (`Shaders/hourglass`), with the numbers they share with the CPU
    /// engine defined from `PhysicsConstants`, and the renderer's from its own types.
    public static func hourglass(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("hourglass", defines: physicsDefines + "\n" + renderDefines)
    }

    /// The solve compiled for ticks in which grains may sleep, or for those in which none may
    /// (solve_grain.glsl's SLEEPS): llvmpipe runs the sleepers' code wherever a uniform rules it
    /// out (a small pile's draining tick 0.4 ms faster, docs/BENCHMARKS.md).
    func solving(sleeps: Bool) -> ShaderSource {
        adding(defines: "#define SLEEPS \(sleeps)", variant: sleeps ? "sleeps" : "awake")
    }

    /// The hourglass's shaders, found as `locate` finds the folder.
    public static func locateHourglass() throws -> ShaderSource {
        hourglass(in: try locate(probe: "hourglass/contact_solve.comp"))
    }

    /// The numbers the shaders share with the CPU engine and the compute engine's bindings, as
    /// GLSL `#define`s.
    public static let physicsDefines: String = {
        typealias C = PhysicsConstants
        let floats: [(String, Float)] = [
            ("CONTACT_RELAXATION", C.contactRelaxation), ("SUPPORT_LEAN", C.supportLean), ("PUSH_OUT_SPEED", C.pushOutSpeed),
            ("FLOW_DAMPING", C.flowDamping), ("SETTLE_DAMPING", C.settleDamping),
            ("DAMPING_SPEED_SCALE", C.dampingSpeedScale), ("NECK_HALF_HEIGHT", C.neckHalfHeight),
            ("SLOPE_STEP", C.wallSlopeStep),
            ("STATIC_FRICTION", C.staticFriction), ("KINETIC_FRICTION", C.kineticFriction),
            ("REST_FRICTION", C.restFriction), ("REST_SPEED", C.restSpeed),
            ("GLASS_STATIC_FRICTION", C.glassStaticFriction), ("GLASS_KINETIC_FRICTION", C.glassKineticFriction),
            ("SLEEP_SPEED", C.sleepSpeed),
            ("LIGHT_SLEEP_COUNTER", C.lightSleepCounter), ("DEEP_SLEEP_COUNTER", C.deepSleepCounter),
            ("SLEEP_COUNTER_CAP", C.sleepCounterCap),
            ("SUPPORT_DISTANCE_FACTOR", C.supportDistanceFactor), ("WAKE_APPROACH_SPEED", C.wakeApproachSpeed),
            ("SUPPORT_COSINE", C.supportCosine),
        ]
        let integers: [(String, Int)] = [
            ("WORK_GROUP_SIZE", C.workGroupSize), ("SCAN_VALUES_PER_INVOCATION", C.scanValuesPerInvocation),
            ("PROFILE_TABLE_SIZE", C.profileTableSize),
            ("SUPPORT_CHECK_INTERVAL", C.supportCheckInterval),
            ("MESH_VERTICES_PER_GRAIN", Icosphere.vertexCount), ("MESH_VERTEX_WORDS", MeshVertexLayout.words),
            ("CONTACT_LIST_SLOTS", C.contactListSlots),
            ("COMPUTE_ITERATIONS", C.computeIterations),
        ] + SmallPileTick.wordDefines + ComputeBindings.buffers + ComputeBindings.units + ComputeBindings.images + ComputeBindings.uniformBlocks
        return [defines(floats: floats), defines(integers), SortingNetwork.listDefine(slots: C.contactListSlots)].joined(separator: "\n")
    }()
}

extension ShaderSource {
    /// The numbers the hourglass's drawing shares with Swift, as GLSL `#define`s.
    static let renderDefines: String = {
        typealias L = GrainLook
        let floats: [(String, Float)] = [
            ("GRAIN_BRIGHTNESS_JITTER", L.brightnessJitter), ("GRAIN_HUE_JITTER", L.hueJitter),
            ("OCCLUSION_STRENGTH", L.occlusionStrength), ("OCCLUSION_REACH", L.occlusionReach), ("BURIED_FULLNESS", L.buriedFullness),
            ("EDGE_DARKNESS", L.edgeDarkness), ("EDGE_WIDTH", L.edgeWidth), ("SHADE_WARMTH", L.shadeWarmth),
        ]
        let integers: [(String, Int)] = [
            ("GRAIN_PARTICLES_BINDING", GrainRenderer.particlesBinding), ("GRAIN_COLORS_BINDING", GrainRenderer.colorsBinding),
            ("OCCLUSION_COUNTS_BINDING", GrainShading.countsBinding), ("GRAIN_SHADES_BINDING", GrainShading.shadesBinding),
            ("OCCLUSION_FIELD_IMAGE", GrainShading.fieldImage), ("OCCLUSION_FIELD_UNIT", GrainShading.fieldTextureUnit),
            ("GLASS_LAYER_UNIT", GlassLayer.textureUnit),
        ] + HourglassBlocks.defines
        return [defines(floats: floats), defines(integers), LightRig.defines, StudioEnvironment.defines].joined(separator: "\n")
    }()
}
