import Testing
@testable import ShiftingSands

@Suite("Room left by the panels")
struct PanelRoomTests {
    // A 640 × 400 window: the settings panel top right, the readout bottom left.
    let panel = ScreenRect(x: 300, y: 12, width: 328, height: 380)
    let readout = ScreenRect(x: 12, y: 290, width: 330, height: 98)

    @Test("a settings panel that shares columns with the readout stops above it")
    func panelStopsAboveReadout() {
        let room = PanelRoom(panels: [panel, readout], width: 640, height: 400, margin: 12)
        #expect(room.panelHeight == 290 - 12 - 12)
        let narrow = PanelRoom(panels: [panel, ScreenRect(x: 12, y: 290, width: 250, height: 98)], width: 640, height: 400, margin: 12)
        #expect(narrow.panelHeight == 400 - 24, "a readout clear of the panel's columns leaves it the whole height")
        #expect(PanelRoom(panels: [], width: 640, height: 400, margin: 12).panelHeight == 376)
    }

    @Test("the picture keeps left of the panel, and above the readout only where it would reach into it")
    func pictureRoom() {
        let room = PanelRoom(panels: [panel, readout], width: 640, height: 400, margin: 12)
        #expect(room.widthLeftOfPanel == 288)
        #expect(room.heightAbove(readoutUnder: ScreenRect(x: 50, y: 200, width: 150, height: 150)) == 278)
        #expect(room.heightAbove(readoutUnder: ScreenRect(x: 50, y: 50, width: 150, height: 150)) == 400)
    }
}
