import ImGuiBridge
import Titanium

/// The titanium panel, top right: the seed's four groups (Size, Layer, Field, Touch) as a row of
/// tabs, one group's sliders at a time (Field with its two switches), the colour themes, Defaults.
enum TitaniumOverlay {
    /// Draws the panel with group `tab` open; `theme` receives a theme the user picked (the
    /// scene runs the change). Returns where the panel stands.
    static func draw(_ parameters: inout TitaniumParameters, tab: inout Int, theme: inout Int?, width: Float, height: Float, scale: Float) -> ScreenRect {
        let margin = 12 * scale
        let sliderWidth = min(max(width * 0.14, 100 * scale), 160 * scale)
        ui_begin_panel("titanium", width - margin, margin, 1, 0, 0.55)
        let groups = TitaniumParameters.sliders
        for (index, group) in groups.enumerated() {
            if ui_radio(group.group, index == tab) { tab = index }
            if index < groups.count - 1 { ui_same_line() }
        }
        ui_separator()
        let group = groups[min(max(tab, 0), groups.count - 1)]
        if group.group == "Field" {
            for toggle in TitaniumParameters.toggles {
                var on = parameters[keyPath: toggle.keyPath]
                if ui_checkbox(toggle.label, &on) { parameters[keyPath: toggle.keyPath] = on }
                if toggle.label != TitaniumParameters.toggles.last?.label { ui_same_line() }
            }
        }
        for slider in group.sliders {
            var value = parameters[keyPath: slider.keyPath]
            if ui_slider_float(slider.label, &value, slider.range.lowerBound, slider.range.upperBound, slider.format, sliderWidth) {
                parameters[keyPath: slider.keyPath] = value
            }
        }
        ui_separator()
        ui_text("Theme")
        for (index, candidate) in TitaniumTheme.all.enumerated() {
            ui_same_line()
            if ui_radio(candidate.name, index == parameters.theme), index != parameters.theme { theme = index }
        }
        if ui_button("Defaults", 90 * scale) {
            // The theme stays: a theme changes only by its burst (the radios above, T), never by a cut.
            let current = parameters.theme
            parameters = .defaults
            parameters.theme = current
        }
        var rect = UIRect()
        ui_end_panel(&rect)
        return ScreenRect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }
}
