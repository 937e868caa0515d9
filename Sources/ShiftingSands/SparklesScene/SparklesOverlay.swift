import ImGuiBridge
import Sparkles

/// The sparkles panel, top right: one group of parameters at a time (Control, Glow, Ripple,
/// Particles, picked by the row of tabs at the top, so the panel stays short), each value a
/// slider (the particle count on a logarithmic track); the palette and backdrop colours under
/// Control; Defaults.
enum SparklesOverlay {
    /// Draws the panel with group `tab` open, at most `maxHeight` tall, changing `parameters`
    /// and `tab` as the user does; returns where it stands.
    static func draw(_ parameters: inout SparkleParameters, tab: inout Int, width: Float, maxHeight: Float, scale: Float) -> ScreenRect {
        let margin = 12 * scale
        let sliderWidth = min(max(width * 0.14, 100 * scale), 160 * scale)
        let groups = SparkleParameters.sliders
        let range = SparkleParameters.particleCountRange
        let columns = ParameterPanel.columns(for: groups.flatMap(\.sliders), trackWidth: sliderWidth,
                                             valueWidth: ui_slider_value_width(Float(range.lowerBound), Float(range.upperBound), "%.0f"))
        ui_begin_panel("sparkles", width - margin, margin, 1, 0, 0.55)
        ParameterPanel.tabs(groups.map(\.group), tab: &tab)
        let group = groups[min(max(tab, 0), groups.count - 1)]
        // Particles has the Count slider over its own; Control its colours, two to a row.
        let colourRows = (SparkleParameters.colours.count + 1) / 2
        let rows = groups.enumerated().map { $1.sliders.count + ($1.group == "Particles" ? 1 : 0) + ($0 == 0 ? colourRows : 0) }.max() ?? 0
        ParameterPanel.scrolling(rows: rows, footerRows: 1, width: columns.content, maxHeight: maxHeight) {
            if group.group == "Particles" {
                var count = Int32(parameters.particleCount)
                ParameterPanel.lined(up: columns) {
                    if ui_slider_int_log(localized("Count"), &count, Int32(range.lowerBound), Int32(range.upperBound), sliderWidth) {
                        parameters.particleCount = Int(count)
                    }
                }
            }
            ParameterPanel.sliders(group.sliders, in: &parameters, columns: columns)
            for (index, colour) in SparkleParameters.colours.enumerated() where tab == 0 {
                var rgb = [parameters[keyPath: colour.keyPath].x, parameters[keyPath: colour.keyPath].y, parameters[keyPath: colour.keyPath].z]
                if ui_color_edit(localized(colour.label), &rgb) { parameters[keyPath: colour.keyPath] = SIMD3(rgb[0], rgb[1], rgb[2]) }
                if index % 2 == 0 { ui_same_line() }
            }
        }
        if ui_button(localized("Defaults"), 90 * scale) { parameters = .defaults }
        return OverlayPanel.end()
    }
}
