import CGLFW
import Foundation
import ImGuiBridge
import SandGL
import GLSupport
import SandSim

/// The hourglass scene: one hourglass, or three side by side (CPU, GPU, Instanced) turned by
/// one timer. A frame is a short pipeline: advance the timer, turn the container, step physics,
/// bring the grains to the screen (upload, readback or mesh expansion), draw them. The left drag
/// flips the glass by hand; the right drag orbits the camera, the wheel zooms, a double click
/// puts the camera back.
final class HourglassScene: Scene {
    private let renderer: SceneRenderer
    /// One per hourglass on screen, left to right.
    private let simulations: [Simulation]
    private let comparing: Bool
    private var timer: HourglassTimer
    private var settings: AppSettings
    private let store: SettingsStore<AppSettings>?
    private let rendererName: String
    private var dragStart: Double?
    private var orbitFrom: (x: Double, y: Double)?
    private(set) var camera = Camera.original
    private var autostartIn: Float?
    /// Where the overlay's panels stood last frame; the hourglasses keep clear of them.
    private var panels: [ScreenRect] = []
    private unowned let window: Window

    /// `store` nil: settings changed in this run are not saved (screenshot runs). `compare`: all
    /// three modes side by side with the CPU mode's count and size. `autostart` flips once the
    /// fresh pile has settled, as the original's `-test` did.
    init(window: Window, settings: AppSettings, store: SettingsStore<AppSettings>?, shaders: ShaderSource,
         compare: Bool = false, autostart: Bool = false) throws {
        self.window = window
        self.settings = settings
        self.store = store
        rendererName = GLInfo.current().renderer
        renderer = try SceneRenderer(shaders: shaders)
        comparing = compare
        let shown = compare ? PhysicsMode.allCases.map { Self.compared($0, settings: settings.grainSettings(for: .cpu)) } : [settings.grainSettings]
        simulations = try shown.map { try Simulation(settings: $0, randomColors: settings.randomColors, shaders: shaders) }
        timer = HourglassTimer(settings: compare ? settings.grainSettings(for: .cpu) : settings.grainSettings, duration: settings.duration)
        autostartIn = autostart ? HeadlessRun.defaultSettleSeconds : nil
    }

    var keys: [(String, String)] { Self.keys }

    static let keys = [
        ("Space", "start / flip"), ("R", "reset"), ("1 2 3", "CPU / GPU / Instanced"),
        ("C", "random colours"), ("drag", "turn the hourglass by hand"),
        ("right drag", "orbit the camera"), ("wheel", "zoom"), ("double click", "camera back"),
    ]

    var cost: (milliseconds: Double, label: String)? {
        comparing ? nil : (simulations[0].physicsMilliseconds, localized("physics"))
    }

    private(set) var failure: Error?

    func save() {
        store?.save(settings)
    }

    /// Sets the camera as a scripted orbit would leave it (`run --orbit`).
    func orbit(yawDegrees: Float, pitchDegrees: Float) {
        camera = camera.orbited(yaw: yawDegrees * .pi / 180, pitch: pitchDegrees * .pi / 180)
    }

    func frame(dt: Float, width: Int, height: Int, panels: [ScreenRect]) throws {
        self.panels = panels
        if let wait = autostartIn {
            autostartIn = wait > dt ? wait - dt : nil
            if autostartIn == nil { perform(timer.start()) }
        }
        perform(timer.advance(by: dt))
        let angle = timer.containerAngle
        let scenes = simulations.map { simulation in
            simulation.step(frameDt: dt, angle: angle, timer: timer)
            return SceneFrame(profile: simulation.profile, angle: angle, grains: simulation.grainSource(shape: settings.shape))
        }
        let layout = layout()
        let scale = window.contentScale, windowHeight = Double(height) / scale
        let viewports = layout.viewports.map { SceneLayout.pixels($0, windowHeight: windowHeight, scale: scale) }
        renderer.render(Array(zip(scenes, viewports)), width: width, height: height, into: 0, camera: camera)
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        let first = simulations[0]
        let model = OverlayModel(phase: timer.phase, elapsed: timer.elapsed, duration: first.runningDuration ?? timer.duration,
                                 settings: comparing ? settingsForComparison : settings,
                                 active: first.settings, comparing: comparing)
        let frame = HourglassOverlay.draw(model, width: Float(room.width), height: Float(room.height), scale: scale)
        frame.events.forEach(handle)
        if comparing { drawLabels(layout()) }
        return frame.panels
    }

    func drawReadout(width: Float, scale: Float) {
        let first = simulations[0]
        HourglassOverlay.readout(active: first.settings, renderer: renderer(of: first), comparing: comparing,
                                 drain: first.drainHistory, duration: first.runningDuration ?? timer.duration,
                                 width: width, scale: scale)
    }

    /// The hourglasses' places this frame, in window units, clear of last frame's panels.
    private func layout() -> SceneLayout {
        let size = window.size
        return SceneLayout(width: size.width, height: size.height, columns: simulations.count,
                           panels: panels, reservedBelow: comparing ? Self.labelHeight : 0)
    }

    private static let labelHeight = 26.0

    private func renderer(of simulation: Simulation) -> String {
        simulation.mode == .cpu ? localized("Swift on the CPU") : rendererName
    }

    /// Side by side, each hourglass is named under its glass with its live cost, in short
    /// where the full line does not fit its column.
    private func drawLabels(_ layout: SceneLayout) {
        for (simulation, (viewport, glass)) in zip(simulations, zip(layout.viewports, layout.glasses)) {
            let name = localized(simulation.mode.displayName), milliseconds = simulation.physicsMilliseconds
            var text = localized("%@ · %.2f ms physics per frame", name, milliseconds)
            if Double(ui_text_width(text)) > viewport.width - 20 { text = localized("%@ · %.2f ms", name, milliseconds) }
            ui_label(text, Float(viewport.midX), Float(glass.maxY + 4), 0.5)
        }
    }

    /// In the comparison every mode shows the CPU mode's count and size, so they match.
    private var settingsForComparison: AppSettings {
        var shown = settings
        shown.mode = .cpu
        return shown
    }

    private static func compared(_ mode: PhysicsMode, settings: GrainSettings) -> GrainSettings {
        GrainSettings(mode: mode, count: settings.count, size: settings.size)
    }

    private func handle(_ event: OverlayEvent) {
        switch event {
        case .select(let mode):
            guard !comparing else { return }
            settings.mode = mode
            perform(timer.select(mode: mode, count: settings.count(for: mode), size: settings.size(for: mode)))
        case .count(let count):
            settings.counts[comparing ? .cpu : settings.mode] = count
            timer.request(count: count)
        case .size(let size):
            settings.sizes[comparing ? .cpu : settings.mode] = size
            timer.request(size: size)
        case .duration(let duration):
            settings.duration = duration
            timer.duration = duration
        case .startOrReset:
            perform(timer.phase == .flipping || timer.phase == .running ? timer.reset() : timer.start())
        case .randomColors(let random):
            settings.randomColors = random
            simulations.forEach { $0.setRandomColors(random) }
        case .grainShape(let shape):
            settings.grainShape = shape
        }
        store?.save(settings)
    }

    /// Carries out what the timer asks; a mode whose engine cannot start ends the app with
    /// its message (a broken shader, say), as at launch.
    private func perform(_ actions: [TimerAction]) {
        for action in actions {
            switch action {
            case .respawn(let grainSettings):
                do {
                    for simulation in simulations {
                        try simulation.respawn(comparing ? Self.compared(simulation.mode, settings: grainSettings) : grainSettings)
                    }
                } catch {
                    failure = error
                }
            case .snapAfterFlip:
                simulations.forEach { $0.snapAfterFlip() }
            }
        }
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        switch (button, pressed) {
        case (.left, true):
            guard isOverHourglass(x: x, y: y) else { return }
            perform(timer.beginDrag())
            dragStart = timer.isDragging ? y : nil
        case (.left, false):
            guard dragStart != nil else { return }
            dragStart = nil
            timer.endDrag()
        case (.right, true):
            orbitFrom = (x, y)
        case (.right, false):
            orbitFrom = nil
        }
    }

    /// Dragging down by half the window's height turns the hourglass half a turn; a right drag
    /// across the window's width orbits the camera a full turn.
    func mouseMoved(x: Double, y: Double) {
        if let from = orbitFrom {
            let turn = 2 * Float.pi / Float(max(window.size.width, 1))
            camera = camera.orbited(yaw: -Float(x - from.x) * turn, pitch: Float(y - from.y) * turn)
            orbitFrom = (x, y)
        }
        guard let start = dragStart else { return }
        timer.drag(to: Float.pi * Float((y - start) / (0.5 * max(window.size.height, 1))))
    }

    /// Each step of the wheel comes 10% nearer (up) or goes 10% farther (down).
    func scrolled(by steps: Double, x: Double, y: Double) {
        camera = camera.zoomed(by: pow(1.1, Float(steps)))
    }

    func doubleClicked(x: Double, y: Double) {
        camera = .original
    }

    func key(_ key: Int32, modifiers: Int32) -> Bool {
        switch key {
        case GLFW_KEY_SPACE: perform(timer.start())
        case GLFW_KEY_R: perform(timer.reset())
        case GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3:
            let mode = PhysicsMode.allCases[Int(key - GLFW_KEY_1)]
            if mode != settings.mode { handle(.select(mode)) }
        case GLFW_KEY_C: handle(.randomColors(!settings.randomColors))
        default: return false
        }
        return true
    }

    /// Over any hourglass's glass, as laid out this frame, in window units.
    private func isOverHourglass(x: Double, y: Double) -> Bool {
        layout().glasses.contains { $0.contains(x: x, y: y) }
    }
}
