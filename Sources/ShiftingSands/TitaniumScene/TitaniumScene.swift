import CGLFW
import Foundation
import GLSupport
import ImGuiBridge
import Titanium

/// Seed 004's metallic square: three layers of grid emitters whose particles (born, aged and
/// moved in a compute shader) add up to brushed metal; the cursor repels them and leaves a trail
/// of ripples; a theme change scatters them with a turbulence burst and switches colour at its peak.
final class TitaniumScene: Scene {
    /// A scripted cursor (`run --cursor X,Y@SECONDS`, `--theme-change-at SECONDS`): the cursor
    /// appears at the path's first point and follows it.
    struct Script: Equatable {
        var cursor = PointerPath()
        var themeChanges: [Float] = []
    }

    private let field: TitaniumField
    private let renderer: TitaniumRenderer
    private var parameters: TitaniumParameters
    private let store: SettingsStore<TitaniumParameters>?
    private var timeline = TitaniumTimeline()
    private let script: Script
    private var scriptedChanges: [Float]
    private var tab = 0
    private var cursorPixel: SIMD2<Float>?
    private var layout = SquareLayout(windowWidth: 1, windowHeight: 1)
    private let stopwatch = GPUStopwatch()
    private unowned let window: Window

    init(window: Window, parameters: TitaniumParameters, store: SettingsStore<TitaniumParameters>?, shaders: ShaderSource, script: Script = Script()) throws {
        self.window = window
        self.parameters = parameters.clamped()
        self.store = store
        self.script = script
        scriptedChanges = script.themeChanges.sorted()
        field = try TitaniumField(shaders: shaders, parameters: self.parameters)
        renderer = try TitaniumRenderer(shaders: shaders)
    }

    static let keys = [("move", "the pointer repels; moving leaves ripples"), ("T", "next colour theme"), ("Backspace", "restart the particles")]
    var keys: [(String, String)] { Self.keys }

    var cost: (milliseconds: Double, label: String)? { (stopwatch.lastMilliseconds ?? 0, localized("GPU")) }

    func save() {
        store?.save(parameters)
    }

    func frame(dt: Float, waited _: Float, fps _: Double, width: Int, height: Int, panels: [ScreenRect], stages _: FrameStages) throws {
        layout = layoutClear(of: panels, width: width, height: height)
        runScript(width: width, height: height)
        timeline.move(to: cursorPixel.map(layout.points), parameters: parameters)
        if let theme = timeline.advance(by: dt, parameters: parameters) {
            parameters.theme = theme
            save()
        }
        if field.needsResize(for: parameters) { field.reset(parameters: parameters, time: timeline.time) }
        let forces = timeline.forces(parameters: parameters)
        stopwatch.measure {
            field.advance(dt: dt, time: timeline.time, parameters: parameters, forces: forces)
            renderer.draw(field: field, layout: layout, parameters: parameters, framebuffer: 0, width: width, height: height)
        }
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        var theme: Int?
        let rect = ParameterPanel.edit(&parameters, store: store) {
            TitaniumOverlay.draw(&$0, tab: &tab, theme: &theme, width: Float(room.width), maxHeight: Float(room.panelHeight), scale: scale)
        }
        if let theme { timeline.changeTheme(to: theme) }
        return [rect]
    }

    func drawReadout(width: Float, scale: Float) {
        // The pool settles at births × lifetime (the tests hold it to that); counting the live
        // ones would read the whole pool back from the GPU.
        let live = TitaniumReference.expectedLive(parameters: parameters)
        let births = parameters.birthRates.sum()
        if width < 1000 * scale {
            ui_text(localized("≈ %.0f live particles · pool %ld", live, field.count))
        } else {
            ui_text(localized("%.0f births/s × %.2f s ≈ %.0f live particles · pool %ld", births, TitaniumReference.meanLifetime(parameters: parameters), live, field.count))
        }
        OverlayPanel.hint(localized("F1 keys · move the pointer over the square"))
    }

    /// The square left of the settings panel (at least 0.4 of the window wide), and above the
    /// readout where it would reach down into it (where they stood last frame).
    private func layoutClear(of panels: [ScreenRect], width: Int, height: Int) -> SquareLayout {
        let scale = window.contentScale
        let room = PanelRoom(panels: panels, width: Double(width) / scale, height: Double(height) / scale, margin: 12)
        let usableWidth = Float(max(room.widthLeftOfPanel * scale, Double(width) * 0.4))
        let beside = SquareLayout(windowWidth: width, windowHeight: height, usableWidth: usableWidth)
        let corner = beside.pixel(SIMD2(-parameters.squareSize, parameters.squareSize) / 2) / Float(scale)
        let square = ScreenRect(x: Double(corner.x), y: Double(corner.y), width: Double(parameters.squareSize * beside.pixelsPerPoint) / scale,
                                height: Double(parameters.squareSize * beside.pixelsPerPoint) / scale)
        let usableHeight = Float(room.heightAbove(readoutUnder: square) * scale)
        return SquareLayout(windowWidth: width, windowHeight: height, usableWidth: usableWidth, usableHeight: usableHeight)
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {}

    func mouseMoved(x: Double, y: Double) {
        guard script.cursor.points.isEmpty else { return }
        let scale = window.contentScale
        cursorPixel = SIMD2(Float(x * scale), Float(y * scale))
    }

    func key(_ key: Int32, modifiers: Int32) -> Bool {
        switch key {
        case GLFW_KEY_T:
            timeline.changeTheme(to: nextTheme)
        case GLFW_KEY_BACKSPACE:
            field.reset(parameters: parameters, time: timeline.time)
        default:
            return false
        }
        return true
    }

    /// The scripted cursor and theme changes at this frame's time (the timeline's clock).
    private func runScript(width: Int, height: Int) {
        let now = timeline.time
        if let at = script.cursor.position(at: now) { cursorPixel = SIMD2(at.x * Float(width), at.y * Float(height)) }
        while let next = scriptedChanges.first, next <= now {
            scriptedChanges.removeFirst()
            timeline.changeTheme(to: nextTheme)
        }
    }

    /// The theme after the last one asked for: a change still under way counts, so changes
    /// asked for within one burst each move on one theme.
    private var nextTheme: Int {
        ((timeline.themeChange?.to ?? parameters.theme) + 1) % TitaniumTheme.all.count
    }
}
