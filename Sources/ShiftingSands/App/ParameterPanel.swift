import ImGuiBridge
import SceneSupport

/// The pieces the scenes' settings panels share: editing and saving the scene's parameters,
/// one width for the panel whatever group is
/// open, the row of group tabs, a group's sliders (over any parameter type `Root`), and a
/// scrolling region for what follows the tabs where the window is too short for it, so the
/// tabs, the panel's width and the scene beside it stay put.
enum ParameterPanel {
    /// Draws a scene's panel over a copy of `parameters`; a change is brought into range and
    /// saved at once. Returns where the panel stands.
    static func edit<Value: StoredSettings>(_ parameters: inout Value, store: SettingsStore<Value>?, panel: (inout Value) -> ScreenRect) -> ScreenRect {
        var changed = parameters
        let rect = panel(&changed)
        if changed != parameters {
            parameters = changed.clamped()
            store?.save(parameters)
        }
        return rect
    }

    /// How a panel's sliders line up: the track's width, one value column for all of them,
    /// and the content width of the widest row.
    struct Columns {
        var track: Float
        var value: Float
        var content: Float
    }

    /// The columns for `sliders` (every group's, so every tab gets the same) with tracks
    /// `trackWidth` wide and values at least `valueWidth` (a slider of the panel's own);
    /// makes the next panel as wide as the widest row.
    static func columns<Root>(for sliders: [ParameterSlider<Root>], trackWidth: Float, valueWidth: Float = 0) -> Columns {
        let value = sliders.map { ui_slider_value_width($0.range.lowerBound, $0.range.upperBound, $0.format) }.max().map { max($0, valueWidth) } ?? valueWidth
        let content = sliders.map { ui_slider_row_width(trackWidth, value, localized($0.label)) }.max() ?? 0
        ui_next_panel_min_width(content)
        return Columns(track: trackWidth, value: value, content: content)
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

    /// A slider for each of `sliders` in `columns`, changing `parameters` as the user does.
    static func sliders<Root>(_ sliders: [ParameterSlider<Root>], in parameters: inout Root, columns: Columns) {
        lined(up: columns) {
            for slider in sliders {
                var value = parameters[keyPath: slider.keyPath]
                if ui_slider_float(localized(slider.label), &value, slider.range.lowerBound, slider.range.upperBound, slider.format, columns.track) {
                    parameters[keyPath: slider.keyPath] = value
                }
            }
        }
    }

    /// Draws `body`'s sliders with their values in `columns`' value column.
    static func lined(up columns: Columns, body: () -> Void) {
        ui_push_value_column(columns.value)
        body()
        ui_pop_value_column()
    }
}
