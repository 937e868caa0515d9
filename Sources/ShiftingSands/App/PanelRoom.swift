/// What last frame's overlay panels leave to a scene whose settings panel stands top right,
/// beside the shared readout bottom left: how far its picture may reach, and how tall its panel
/// may grow before it would run into the readout (as in a 640 × 400 window). All in the units
/// the panels were given in.
struct PanelRoom {
    var panels: [ScreenRect]
    var width, height: Double
    var margin: Double

    /// The panels on the right that start in the top half (the scene's settings, however tall).
    var topRight: [ScreenRect] { panels.filter { $0.midX > width / 2 && $0.y < height / 2 } }
    /// The panels on the left that end in the bottom half (the readout, however tall).
    var bottomLeft: [ScreenRect] { panels.filter { $0.midX < width / 2 && $0.maxY > height / 2 } }

    /// The width left of the settings panel, less a margin; the whole width without one.
    var widthLeftOfPanel: Double {
        topRight.map { $0.x - margin }.min() ?? width
    }

    /// The top of the readout, less a margin, where `area` reaches down into it; else the height.
    func heightAbove(readoutUnder area: ScreenRect) -> Double {
        bottomLeft.filter { $0.intersects(area) }.map { $0.y - margin }.min() ?? height
    }

    /// The tallest the settings panel may be: down to the readout where the two share columns
    /// (the panel then scrolls), else to the bottom margin.
    var panelHeight: Double {
        let panelLeft = topRight.map(\.x).min() ?? width
        let readoutTop = bottomLeft.filter { $0.maxX + margin > panelLeft }.map(\.y).min()
        return (readoutTop.map { $0 - margin } ?? height - margin) - margin
    }
}
