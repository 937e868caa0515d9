import ImGuiBridge

/// What the first start's measuring frames show over the sand they time: what is being measured,
/// why, and how far it has come, so a person does not take the bare draining glass for the app.
enum MeasuringPanel {
    /// Draws the panel for `step` over the frame in the back buffer of a `width` × `height`
    /// (window units) window.
    static func draw(_ step: MachineFit.Step, width: Float, height: Float, scale: Float) {
        ui_new_frame(width, height, width * scale, height * scale)
        ui_begin_panel("measuring", width / 2, 12 * scale, 0.5, 0, 0.8)
        ui_text_colored(localized("Measuring this machine"), 0.93, 0.80, 0.52)
        OverlayPanel.hint(localized("once, to choose how many grains each engine keeps in real time"))
        ui_separator()
        let what = localized("%@ engine · %@ grains", localized(step.mode.displayName), NumberText.whole(step.count))
        ui_text(what)
        ui_progress_bar(Float(step.index) / Float(step.total), 320 * scale, localized("%ld of %ld", step.index + 1, step.total))
        _ = OverlayPanel.end()
        ui_render()
    }
}
