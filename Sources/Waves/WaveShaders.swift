import GLSupport

extension ShaderSource {
    /// The wave pool's shaders (`Shaders/waves`), with their work-group size from `WaveField`.
    public static func waves(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("waves", defines: "#define WORK_GROUP_SIZE \(WaveField.groupSize)")
    }
}
