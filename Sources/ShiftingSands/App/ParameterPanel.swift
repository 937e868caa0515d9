import ImGuiBridge

/// The pieces the scenes' settings panels share: the row of group tabs, a group's sliders (over
/// any parameter type `Root`), and one width for the panel whatever group is open, so the tabs
/// and the scene beside the panel stay put.
enum ParameterPanel {
    typealias Slider<Root> = (label: String, keyPath: WritableKeyPath<Root, Float>, range: ClosedRange<Float>, format: String)

    /// The group names as a row of radio buttons; `tab` is the open one.
    static func tabs(_ groups: [String], tab: inout Int) {
        for (index, group) in groups.enumerated() {
            if ui_radio(localized(group), index == tab) { tab = index }
            if index < groups.count - 1 { ui_same_line() }
        }
        ui_separator()
    }

    /// A slider for each of `sliders`, changing `parameters` as the user does.
    static func sliders<Root>(_ sliders: [Slider<Root>], in parameters: inout Root, width: Float) {
        for slider in sliders {
            var value = parameters[keyPath: slider.keyPath]
            if ui_slider_float(localized(slider.label), &value, slider.range.lowerBound, slider.range.upperBound, slider.format, width) {
                parameters[keyPath: slider.keyPath] = value
            }
        }
    }

    /// Makes the next panel as wide as its widest slider row among `sliders` (every group's),
    /// and at most `maxHeight` tall.
    static func limit<Root>(widthTo sliders: [Slider<Root>], sliderWidth: Float, maxHeight: Float) {
        let widest = sliders.map { ui_slider_float_row_width(localized($0.label), $0.range.upperBound, $0.format, sliderWidth) }.max() ?? 0
        ui_next_panel_limits(widest, maxHeight)
    }
}
