import SandGL
import GLSupport
import SandSim

/// Where the hourglasses go: one column of the window each, every glass clear of the overlay's
/// panels. Where a panel would cover a glass, the scene's viewport shrinks to the band between
/// the panels above and below it, so a small window shows a smaller hourglass, never a hidden one.
struct SceneLayout {
    /// Each hourglass's viewport (the camera's picture), in window units.
    let viewports: [ScreenRect]

    /// The glass and its caps, as a box around the origin seen from the camera: half-width,
    /// half-height and the depth of its nearest point, which perspective shows largest.
    static let glassBounds = SIMD3<Float>(0.25, PhysicsConstants.glassHalfHeight + 0.05, 0.2)
    /// The glass's projected half-size as fractions of its viewport's height (the camera's
    /// vertical field is fixed, so the picture scales with the viewport's height alone): the
    /// farthest of the box's corners from the middle, as the camera looks down a little.
    static let glassHalfExtent: (x: Double, y: Double) = {
        let viewProjection = Camera.original.viewProjection(aspect: 1)
        let corners = [-1, 1].flatMap { x in [-1, 1].flatMap { y in [-1, 1].map { z in viewProjection.transform(glassBounds * SIMD3(x, y, z)) } } }
        return (Double(corners.map { abs($0.x) }.max()!) / 2, Double(corners.map { abs($0.y) }.max()!) / 2)
    }()

    /// `panels`: what the overlay covers. `reservedBelow`: room kept under each glass (the
    /// comparison's labels). `gap`: space kept between a glass and a panel.
    init(width: Double, height: Double, columns: Int, panels: [ScreenRect], reservedBelow: Double = 0, gap: Double = 6) {
        let columnWidth = width / Double(max(columns, 1))
        let full = (0..<columns).map { ScreenRect(x: Double($0) * columnWidth, y: 0, width: columnWidth, height: height) }
        /// The free band (top, bottom) beside the panels that a glass drawn in viewports `tall`
        /// high would reach across; one band for all columns, so side by side the hourglasses
        /// stay the same size.
        func band(tall: Double) -> (top: Double, bottom: Double) {
            var top = 0.0, bottom = height
            for viewport in full {
                let glass = Self.glass(in: ScreenRect(x: viewport.x, y: 0, width: viewport.width, height: tall))
                for panel in panels where panel.overlapsHorizontally(glass) {
                    if panel.midY < height / 2 {
                        top = max(top, panel.maxY + gap)
                    } else {
                        bottom = min(bottom, panel.y - gap)
                    }
                }
            }
            return (top, bottom - reservedBelow)
        }
        let glassHeight = 2 * Self.glassHalfExtent.y * height
        let fullGlassTop = height / 2 - glassHeight / 2
        let whole = band(tall: height)
        guard fullGlassTop < whole.top || fullGlassTop + glassHeight > whole.bottom else {
            viewports = full
            return
        }
        // The viewport is taller than the band: only the glass, not the picture, must fit in it.
        // A smaller glass is also narrower and may pass between panels a larger one meets (the
        // column between the corners of a 640 × 400 window), so the tallest viewport whose glass
        // fits its own band is found by halving.
        func fits(_ tall: Double) -> Bool {
            let free = band(tall: tall)
            return 2 * Self.glassHalfExtent.y * tall <= free.bottom - free.top
        }
        var low = 0.0, high = height
        for _ in 0..<24 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        let free = band(tall: low)
        let viewportHeight = max(low, height * 0.1 / (2 * Self.glassHalfExtent.y))
        let centre = (free.top + free.bottom) / 2
        viewports = full.map { ScreenRect(x: $0.x, y: centre - viewportHeight / 2, width: $0.width, height: viewportHeight) }
    }

    /// The rectangle the glass covers in a viewport.
    static func glass(in viewport: ScreenRect) -> ScreenRect {
        let halfWidth = glassHalfExtent.x * viewport.height, halfHeight = glassHalfExtent.y * viewport.height
        return ScreenRect(x: viewport.midX - halfWidth, y: viewport.midY - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
    }

    var glasses: [ScreenRect] { viewports.map(Self.glass(in:)) }

    /// A viewport in framebuffer pixels, origin at the bottom left as GL counts.
    static func pixels(_ rect: ScreenRect, windowHeight: Double, scale: Double) -> Viewport {
        Viewport(x: Int((rect.x * scale).rounded()), y: Int(((windowHeight - rect.maxY) * scale).rounded()),
                 width: Int((rect.width * scale).rounded()), height: Int((rect.height * scale).rounded()))
    }
}
