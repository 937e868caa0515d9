import Testing
@testable import ShiftingSands

@Suite("Scene layout")
struct SceneLayoutTests {
    /// Panels about where the overlay puts them in a 640 × 400 window (measured from a screenshot).
    static let smallPanels = [
        ScreenRect(x: 12, y: 12, width: 175, height: 92), ScreenRect(x: 398, y: 12, width: 230, height: 84),
        ScreenRect(x: 12, y: 318, width: 185, height: 70), ScreenRect(x: 398, y: 320, width: 230, height: 68),
    ]

    @Test("in a small window no glass is under a panel, and the hourglass stays a useful size", arguments: [1, 3])
    func smallWindow(columns: Int) {
        let layout = SceneLayout(width: 640, height: 400, columns: columns, panels: Self.smallPanels, reservedBelow: columns > 1 ? 26 : 0)
        #expect(layout.glasses.count == columns)
        for glass in layout.glasses {
            for panel in Self.smallPanels {
                #expect(!glass.intersects(panel), "glass \(glass) under panel \(panel)")
            }
            #expect(glass.height > 0.4 * 400, "the glass is \(glass.height) tall")
            #expect(glass.x >= 0 && glass.maxX <= 640)
        }
    }

    /// The panels of a 640 × 400 window today (measured from `run --window 640x400`'s
    /// screenshot): the readout bottom left reaches past the middle.
    static let todaysSmallPanels = [
        ScreenRect(x: 12, y: 12, width: 238, height: 116), ScreenRect(x: 385, y: 12, width: 243, height: 116),
        ScreenRect(x: 12, y: 245, width: 313, height: 143), ScreenRect(x: 385, y: 250, width: 243, height: 138),
    ]

    @Test("at 640 × 400 one hourglass is at least half the window's height, passing between the panels")
    func smallestWindow() {
        let layout = SceneLayout(width: 640, height: 400, columns: 1, panels: Self.todaysSmallPanels)
        let glass = layout.glasses[0]
        #expect(glass.height >= 0.5 * 400, "the glass is \(glass.height) tall")
        for panel in Self.todaysSmallPanels {
            #expect(!glass.intersects(panel), "glass \(glass) under panel \(panel)")
        }
    }

    @Test("where the panels leave the glass clear, each hourglass has its whole column")
    func largeWindow() {
        let panels = [ScreenRect(x: 12, y: 12, width: 150, height: 30), ScreenRect(x: 1000, y: 12, width: 268, height: 84)]
        let layout = SceneLayout(width: 1280, height: 800, columns: 1, panels: panels)
        #expect(layout.viewports == [ScreenRect(x: 0, y: 0, width: 1280, height: 800)])
        #expect(layout.glasses[0].contains(x: 640, y: 400))
    }

    @Test("viewports convert to GL's bottom-left pixels")
    func pixels() {
        let viewport = SceneLayout.pixels(ScreenRect(x: 10, y: 20, width: 100, height: 200), windowHeight: 400, scale: 2)
        #expect(viewport == .init(x: 20, y: 360, width: 200, height: 400))
    }
}
