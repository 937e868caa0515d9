import ImGuiBridge

/// The pieces the scenes' settings panels share: one width for the panel whatever group is
/// open, the row of group tabs, a group's sliders (over any parameter type `Root`), and a
/// scrolling region for what follows the tabs where the window is too short for it, so the
/// tabs, the panel's width and the scene beside it stay put.
enum ParameterPanel {
    typealias Slider<Root> = (label: String, keyPath: WritableKeyPath<Root, Float>, range: ClosedRange<Float>, format: String)

    /// Makes the next panel as wide as its widest slider row among `sliders` (every group's);
    /// returns that width.
    @discardableResult
    static func keepWidth<Root>(of sliders: [Slider<Root>], sliderWidth: Float) -> Float {
        let widest = sliders.map { ui_slider_float_row_width(localized($0.label), $0.range.upperBound, $0.format, sliderWidth) }.max() ?? 0
        ui_next_panel_min_width(widest)
        return widest
    }

    /// The group names as a row of radio buttons; `tab` is the open one.
    static func tabs(_ groups: [String], tab: inout Int) {
        for (index, group) in groups.enumerated() {
            if ui_radio(localized(group), index == tab) { tab = index }
            if index < groups.count - 1 { ui_same_line() }
        }
        ui_separator()
    }

    /// Draws `body` (at most `rows` rows of controls in any group, `width` wide) in the panel
    /// being drawn, which ends with `footerRows` more; where they would make the panel taller
    /// than `maxHeight`, in a region of the room left that scrolls. The choice rests on the
    /// tallest group, so every group gets the same.
    static func scrolling(rows: Int, footerRows: Int, width: Float, maxHeight: Float, body: () -> Void) {
        let room = ui_room_below(maxHeight) - Float(footerRows) * ui_row_height()
        guard Float(rows) * ui_row_height() > room else { return body() }
        ui_begin_scroll_area("scroll", width, max(room, ui_row_height()))
        body()
        ui_end_scroll_area()
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
}
