/// A rectangle in window units, origin at the top left, y down (as ImGui and the mouse count).
struct ScreenRect: Equatable {
    var x, y, width, height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px <= maxX && py >= y && py <= maxY
    }

    func intersects(_ other: ScreenRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    func overlapsHorizontally(_ other: ScreenRect) -> Bool {
        x < other.maxX && other.x < maxX
    }
}
