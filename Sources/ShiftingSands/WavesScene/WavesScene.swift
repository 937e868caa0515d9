import CGLFW
import Foundation
import GLSupport
import ImGuiBridge
import Waves

/// Seed 003's wave pool: a 2D wave equation stepped at a fixed 120 Hz on the GPU over a grid of
/// the window's size in cells of `pixelSize` pixels, drawn as stylised water over a backdrop.
/// Pressing and dragging the mouse makes ripples, stronger the faster the drag.
final class WavesScene: Scene {
    /// A scripted press (`run --poke X,Y@SECONDS`): where, in 0–1 of the window from the top
    /// left, and when.
    struct Poke: Equatable {
        var x: Float
        var y: Float
        var seconds: Float
    }

    private let field: WaveField
    private let water: WaterRenderer
    private var parameters: WaveParameters
    private let store: SettingsStore<WaveParameters>?
    private var clock = WaveClock()
    private var brush = WaveBrush()
    private var pending: [WaveDisturbance] = []
    private var pokes: [Poke]
    private var elapsed: Float = 0
    private let stopwatch = GPUStopwatch()
    /// When the pointer last moved while pressed: a drag's speed sets its strength.
    private var lastMove: Double?
    private unowned let window: Window

    init(window: Window, parameters: WaveParameters, store: SettingsStore<WaveParameters>?, shaders: ShaderSource, pokes: [Poke] = []) throws {
        self.window = window
        self.parameters = parameters
        self.store = store
        self.pokes = pokes.sorted { $0.seconds < $1.seconds }
        field = try WaveField(shaders: shaders)
        water = try WaterRenderer(shaders: shaders)
    }

    static let keys = [("drag", "make ripples (faster, stronger)"), ("Backspace", "calm the water")]
    var keys: [(String, String)] { Self.keys }

    var cost: (milliseconds: Double, label: String)? { (stopwatch.lastMilliseconds ?? 0, localized("GPU")) }

    func save() {
        store?.save(parameters)
    }

    func frame(dt: Float, waited _: Float, fps _: Double, width: Int, height: Int, panels: [ScreenRect], stages _: FrameStages) throws {
        let columns = max(Int(Float(width) / parameters.pixelSize), 8), rows = max(Int(Float(height) / parameters.pixelSize), 8)
        if columns != field.width || rows != field.height { field.resize(width: columns, height: rows) }
        elapsed += dt
        while let poke = pokes.first, poke.seconds <= elapsed {
            pokes.removeFirst()
            pending.append(WaveDisturbance(x: poke.x, y: poke.y, strength: 1))
        }
        let steps = clock.steps(for: dt)
        let disturbances = pending
        pending = []
        stopwatch.measure {
            if !disturbances.isEmpty { field.disturb(disturbances, parameters: parameters) }
            for _ in 0..<steps { field.step(parameters: parameters) }
        }
        WindowFramebuffer.bind(width: width, height: height)
        water.draw(field, parameters: parameters, viewportWidth: width, viewportHeight: height)
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        [ParameterPanel.edit(&parameters, store: store) {
            WavesOverlay.draw(&$0, width: Float(room.width), maxHeight: Float(room.panelHeight), scale: scale)
        }]
    }

    func drawReadout(width: Float, scale: Float) {
        ui_text(localized("%ld × %ld cells of %ld px · 120 steps/s", field.width, field.height, Int(parameters.pixelSize)))
        OverlayPanel.hint(localized("F1 keys · drag on the water to make ripples"))
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        guard button == .left else { return }
        if pressed {
            let at = place(x: x, y: y)
            lastMove = Window.time
            pending += brush.press(x: at.x, y: at.y)
        } else {
            lastMove = nil
            brush.release()
        }
    }

    func mouseMoved(x: Double, y: Double) {
        guard let last = lastMove else { return }
        let now = Window.time, at = place(x: x, y: y)
        lastMove = now
        pending += brush.move(x: at.x, y: at.y, dt: Float(now - last))
    }

    func key(_ key: Int32, modifiers: Int32) -> Bool {
        guard key == GLFW_KEY_BACKSPACE else { return false }
        field.calm()
        return true
    }

    /// A window position as a fraction of the window, from the top left.
    private func place(x: Double, y: Double) -> (x: Float, y: Float) {
        let size = window.size
        return (Float(x / max(size.width, 1)), Float(y / max(size.height, 1)))
    }
}
