import GLSupport

extension ShaderSource {
    /// The titanium scene's shaders (`Shaders/titanium`), with the numbers they share with Swift:
    /// the work-group size, the particles' binding and the CPU reference's limits and scales.
    public static func titanium(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("titanium", defines: """
            #define WORK_GROUP_SIZE \(TitaniumField.groupSize)
            #define PARTICLES_BUFFER \(TitaniumField.particlesBinding)
            #define MAX_EMITTERS \(TitaniumReference.maxEmitters)
            #define MAX_FIELDS \(TitaniumField.maxFields)
            #define FIELD_SCALE \(TitaniumReference.fieldScale)
            #define TURBULENCE_FLOOR \(TitaniumReference.turbulenceFloor)
            #define TITANIUM_TICK_BLOCK \(TitaniumTickBlock.binding)
            #define TITANIUM_SPRITE_BLOCK \(TitaniumSpriteBlock.binding)
            """)
    }
}
