import GLSupport

extension ShaderSource {
    /// The sparkles scene's shaders (`Shaders/sparkles`), with their work-group size and bindings from the types that dispatch and bind them.
    public static func sparkles(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("sparkles", defines: defines([
            ("WORK_GROUP_SIZE", ParticleCloud.groupSize), ("PARTICLES_BUFFER", ParticleCloud.particlesBinding),
            ("CONTROL_TEXTURE", SparkleRenderer.controlUnit), ("CONTROL_FRAME_BLOCK", ControlFrameBlock.binding),
            ("CONTROL_BLOCK", ControlBlock.binding), ("RIPPLE_BLOCK", RippleBlock.binding),
            ("SPARKLE_SPRITE_BLOCK", SparkleSpriteBlock.binding), ("SPARKLE_TICK_BLOCK", SparkleTickBlock.binding),
        ]))
    }
}
