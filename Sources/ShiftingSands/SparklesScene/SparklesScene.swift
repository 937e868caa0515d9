import CGLFW
import Foundation
import GLSupport
import ImGuiBridge
import Sparkles

/// Seed 002's reactive control: a capsule whose border glows nearest the pointer, a ripple
/// from each press, and a particle cloud (ticked at a fixed rate in a compute shader) that
/// streams toward the pointer while it is down. Driven by the left mouse button.
final class SparklesScene: Scene {
    /// A scripted pointer (`run --press X,Y@START-END`, `--drag X,Y@SECONDS`): points in 0–1 of
    /// the window from the top left. The pointer goes down at a press's start and up at its end
    /// (nil: never); between a press and a later drag it glides in a straight line.
    struct Script: Equatable {
        struct Press: Equatable { var x, y, start: Float; var end: Float? }
        var presses: [Press] = []
        var drags: [PointerPath.Point] = []

        var isEmpty: Bool { presses.isEmpty && drags.isEmpty }

        /// Where the pointer is and whether it is down at `time`.
        func pointer(at time: Float) -> (x: Float, y: Float, down: Bool, press: Int)? {
            guard let index = presses.lastIndex(where: { $0.start <= time }) else { return nil }
            let press = presses[index]
            let down = press.end.map { time < $0 } ?? true
            // The press, then the drags after it.
            let path = PointerPath([PointerPath.Point(x: press.x, y: press.y, seconds: press.start)] + drags.filter { $0.seconds > press.start })
            let at = path.position(at: time) ?? (press.x, press.y)
            return (at.x, at.y, down, index)
        }
    }

    private let cloud: ParticleCloud
    private let renderer: SparkleRenderer
    private var parameters: SparkleParameters
    private let store: SettingsStore<SparkleParameters>?
    private var timeline = SparkleTimeline()
    private let script: Script
    /// The scripted press the pointer is down for, if any.
    private var scriptPress: Int?
    private var elapsed: Float = 0
    private var ticksLastFrame = 0
    /// The parameter group open in the panel.
    private var tab = 3
    private let stopwatch = GPUStopwatch()
    private unowned let window: Window

    init(window: Window, parameters: SparkleParameters, store: SettingsStore<SparkleParameters>?, shaders: ShaderSource, script: Script = Script()) throws {
        var script = script
        script.presses.sort { $0.start < $1.start }
        self.window = window
        self.parameters = parameters.clamped()
        self.store = store
        self.script = script
        cloud = try ParticleCloud(shaders: shaders, count: self.parameters.particleCount)
        renderer = try SparkleRenderer(shaders: shaders)
    }

    static let keys = [("press, drag", "glow, ripple and particles at the pointer"), ("Backspace", "restart the particle cloud")]
    var keys: [(String, String)] { Self.keys }

    var cost: (milliseconds: Double, label: String)? { (stopwatch.lastMilliseconds ?? 0, localized("GPU")) }

    func save() {
        store?.save(parameters)
    }

    /// The control centred in the window, or, where the panel top right (as it stood last
    /// frame) would cover it, centred in the part of the window left of the panel.
    private func layoutClear(of panels: [ScreenRect], width: Int, height: Int) -> ControlLayout {
        let centred = ControlLayout(windowWidth: width, windowHeight: height, parameters: parameters)
        let scale = Double(window.contentScale)
        let covering = panels.map { ScreenRect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale) }
            .filter { $0.midX > Double(width) / 2 && $0.midY < Double(height) / 2 }
            .filter { $0.intersects(ScreenRect(x: Double(centred.origin.x), y: Double(centred.origin.y), width: Double(centred.size.x), height: Double(centred.size.y))) }
        guard let left = covering.map(\.x).min() else { return centred }
        return ControlLayout(windowWidth: width, windowHeight: height, usableWidth: Float(left - 12 * scale), parameters: parameters)
    }

    func frame(dt: Float, waited _: Float, fps _: Double, width: Int, height: Int, panels: [ScreenRect], stages _: FrameStages) throws {
        elapsed += dt
        runScript(width: width, height: height)
        let layout = layoutClear(of: panels, width: width, height: height)
        cloud.resize(count: parameters.particleCount)
        let ticks = timeline.advance(by: dt, parameters: parameters)
        ticksLastFrame = ticks
        let pointer = timeline.pointer ?? layout.centre
        let frame = SparkleFrame(press: pointer, progress: timeline.progress,
                                 ripple: timeline.rippleTime(parameters: parameters).map { (timeline.rippleOrigin ?? layout.centre, $0) })
        stopwatch.measure {
            for _ in 0..<ticks { cloud.tick(centre: layout.local(pointer), size: layout.size, parameters: parameters) }
            renderer.draw(cloud: cloud, frame: frame, layout: layout, parameters: parameters, framebuffer: 0, width: width, height: height)
        }
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        [ParameterPanel.edit(&parameters, store: store) {
            SparklesOverlay.draw(&$0, tab: &tab, width: Float(room.width), maxHeight: Float(room.panelHeight), scale: scale)
        }]
    }

    func drawReadout(width: Float, scale: Float) {
        let rate = Double(parameters.particleCount) * Double(parameters.tickRate)
        ui_text(localized("%ld particles · %ld ticks/s · %@ updates/s", parameters.particleCount, Int(parameters.tickRate), NumberText.grouped(rate)))
        OverlayPanel.hint(localized("F1 keys · press and drag on the control"))
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        guard button == .left else { return }
        if pressed { timeline.press(at: pixels(x: x, y: y)) } else { timeline.release() }
    }

    func mouseMoved(x: Double, y: Double) {
        timeline.move(to: pixels(x: x, y: y))
    }

    func key(_ key: Int32, modifiers: Int32) -> Bool {
        guard key == GLFW_KEY_BACKSPACE else { return false }
        cloud.upload([Particle](repeating: .unborn, count: parameters.particleCount))
        return true
    }

    /// The scripted pointer at this frame's time, in framebuffer pixels.
    private func runScript(width: Int, height: Int) {
        guard let at = script.pointer(at: elapsed) else { return }
        let point = SIMD2(at.x * Float(width), at.y * Float(height))
        if at.down && scriptPress != at.press { timeline.press(at: point) }
        if at.down { timeline.move(to: point) }
        if !at.down && scriptPress != nil { timeline.release() }
        scriptPress = at.down ? at.press : nil
    }

    /// A window position (screen units) in framebuffer pixels.
    private func pixels(x: Double, y: Double) -> SIMD2<Float> {
        let scale = window.contentScale
        return SIMD2(Float(x * scale), Float(y * scale))
    }
}
