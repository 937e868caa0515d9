import ImGuiBridge

/// What every overlay panel shares: how one ends (giving where it stood, which the scene's
/// layout keeps clear) and the colour of its hints.
enum OverlayPanel {
    /// Ends the panel being drawn; where it stands, in window units.
    static func end() -> ScreenRect {
        var rect = UIRect()
        ui_end_panel(&rect)
        return ScreenRect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }

    /// A line of advice, dimmer than the values around it.
    static func hint(_ text: String) {
        ui_text_colored(text, 0.7, 0.62, 0.5)
    }
}
