import GLSupport

extension ShaderSource {
    /// The wave pool's shaders (`Shaders/waves`), with their work-group size and bindings from the types that dispatch and bind them.
    public static func waves(in shaders: ShaderSource) -> ShaderSource {
        shaders.folder("waves", defines: defines([
            ("WORK_GROUP_SIZE", WaveField.groupSize), ("PREVIOUS_HEIGHTS_IMAGE", WaveField.previousImage),
            ("CURRENT_HEIGHTS_IMAGE", WaveField.currentImage), ("NEXT_HEIGHTS_IMAGE", WaveField.nextImage),
            ("HEIGHTS_TEXTURE", WaterRenderer.heightsUnit), ("MAX_DISTURBANCES", WaveField.disturbancesPerDispatch),
            ("WAVE_BACKDROP_BLOCK", WaveBackdropBlock.binding), ("WATER_BLOCK", WaterBlock.binding),
            ("WAVE_DISTURB_BLOCK", WaveDisturbBlock.binding), ("WAVE_STEP_BLOCK", WaveStepBlock.binding),
        ]))
    }
}
