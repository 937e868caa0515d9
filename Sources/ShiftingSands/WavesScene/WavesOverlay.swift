import ImGuiBridge
import Waves

/// The wave pool's panel, top right: every parameter of seed 003's table as a slider, the three
/// water colours, and Defaults.
enum WavesOverlay {
    /// Draws the panel, at most `maxHeight` tall, changing `parameters` as the user does;
    /// returns where it stands.
    static func draw(_ parameters: inout WaveParameters, width: Float, maxHeight: Float, scale: Float) -> ScreenRect {
        let margin = 12 * scale
        let sliderWidth = min(max(width * 0.18, 110 * scale), 180 * scale)
        let columns = ParameterPanel.columns(for: WaveParameters.sliders, trackWidth: sliderWidth)
        ui_begin_panel("waves", width - margin, margin, 1, 0, 0.55)
        // The colours' row and Defaults follow the sliders.
        ParameterPanel.scrolling(rows: WaveParameters.sliders.count, footerRows: 2, width: columns.content, maxHeight: maxHeight) {
            ParameterPanel.sliders(WaveParameters.sliders, in: &parameters, columns: columns)
        }
        colour("deep", \.deep, in: &parameters)
        ui_same_line()
        colour("shallow", \.shallow, in: &parameters)
        ui_same_line()
        colour("sky", \.sky, in: &parameters)
        if ui_button(localized("Defaults"), 90 * scale) { parameters = .defaults }
        return OverlayPanel.end()
    }

    private static func colour(_ label: String, _ keyPath: WritableKeyPath<WaveParameters, SIMD3<Float>>, in parameters: inout WaveParameters) {
        var rgb = [parameters[keyPath: keyPath].x, parameters[keyPath: keyPath].y, parameters[keyPath: keyPath].z]
        if ui_color_edit(localized(label), &rgb) { parameters[keyPath: keyPath] = SIMD3(rgb[0], rgb[1], rgb[2]) }
    }
}
