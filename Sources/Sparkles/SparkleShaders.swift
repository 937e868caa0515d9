import GLSupport

extension ShaderSource {
    /// The sparkles scene's shaders (`Shaders/sparkles`), with their work-group size from `ParticleCloud`.
    public static func sparkles(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("sparkles", defines: "#define WORK_GROUP_SIZE \(ParticleCloud.groupSize)")
    }
}
