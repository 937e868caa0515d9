import ImGuiBridge
import Titanium

/// The titanium panel, top right: the seed's four groups (Size, Layer, Field, Touch) as a row of
/// tabs, one group's sliders at a time (Field with its two switches), the colour themes, Defaults.
enum TitaniumOverlay {
    /// Draws the panel with group `tab` open, at most `maxHeight` tall; `theme` receives a theme
    /// the user picked (the scene runs the change). Returns where the panel stands.
    static func draw(_ parameters: inout TitaniumParameters, tab: inout Int, theme: inout Int?, width: Float, maxHeight: Float, scale: Float) -> ScreenRect {
        let margin = 12 * scale
        let sliderWidth = min(max(width * 0.14, 100 * scale), 160 * scale)
        let groups = TitaniumParameters.sliders
        let columns = ParameterPanel.columns(for: groups.flatMap(\.sliders), trackWidth: sliderWidth)
        ui_begin_panel("titanium", width - margin, margin, 1, 0, 0.55)
        ParameterPanel.tabs(groups.map(\.group), tab: &tab)
        let group = groups[min(max(tab, 0), groups.count - 1)]
        // The Field group's switches take a row above its sliders; the theme row, Defaults and
        // a separator follow every group.
        let rows = groups.map { $0.sliders.count + ($0.group == "Field" ? 1 : 0) }.max() ?? 0
        ParameterPanel.scrolling(rows: rows, footerRows: 3, width: columns.content, maxHeight: maxHeight) {
            if group.group == "Field" {
                for toggle in TitaniumParameters.toggles {
                    var on = parameters[keyPath: toggle.keyPath]
                    if ui_checkbox(localized(toggle.label), &on) { parameters[keyPath: toggle.keyPath] = on }
                    if toggle.label != TitaniumParameters.toggles.last?.label { ui_same_line() }
                }
            }
            ParameterPanel.sliders(group.sliders, in: &parameters, columns: columns)
        }
        ui_separator()
        ui_text(localized("Theme"))
        for (index, candidate) in TitaniumTheme.all.enumerated() {
            ui_same_line()
            if ui_radio(localized(candidate.name), index == parameters.theme), index != parameters.theme { theme = index }
        }
        if ui_button(localized("Defaults"), 90 * scale) {
            // The theme stays: a theme changes only by its burst (the radios above, T), never by a cut.
            let current = parameters.theme
            parameters = .defaults
            parameters.theme = current
        }
        return OverlayPanel.end()
    }
}
