import CGLFW
import Foundation
import ImGuiBridge
import SandGL
import GLSupport
import SandSim

/// The desktop app: one window, the overlay, and one hourglass, or three side by side (CPU,
/// GPU, Instanced) turned by one timer. A frame is a short pipeline: advance the timer, turn
/// the container, step physics, bring the grains to the screen (upload, readback or mesh
/// expansion), draw the scenes, draw the overlay.
final class HourglassApp: WindowInput {
    private let renderer: SceneRenderer
    /// One per hourglass on screen, left to right.
    private let simulations: [Simulation]
    private let comparing: Bool
    private var timer: HourglassTimer
    private var settings: AppSettings
    private let store: SettingsStore?
    private let rendererName: String
    private var overlayVisible = true
    private var showHelp = false
    private var dragStart: Double?
    private var screenshotPath: String?
    private var fps = FrameRate()
    private var autostartIn: Float?
    /// Where the overlay's panels stood last frame; the hourglasses keep clear of them.
    private var panels: [ScreenRect] = []
    private var toast: Toast?
    /// Declared last so it is released last: every GL object above needs its context.
    private let window: Window

    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let timerFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"

    /// `store` nil: settings changed in this run are not saved (screenshot runs). `compare`: all
    /// three modes side by side with the CPU mode's count and size.
    init(window: Window, settings: AppSettings, store: SettingsStore?, shaders: ShaderSource, compare: Bool = false) throws {
        self.window = window
        self.settings = settings
        self.store = store
        rendererName = GLInfo.current().renderer
        let scale = Float(window.contentScale)
        guard ui_init(window.handle, Self.fontPath, 16 * scale, Self.timerFontPath, 54 * scale) else {
            throw CommandError("cannot start the overlay (Dear ImGui) on this GL context")
        }
        renderer = try SceneRenderer(shaders: shaders)
        comparing = compare
        let shown = compare ? PhysicsMode.allCases.map { Self.compared($0, settings: settings.grainSettings(for: .cpu)) } : [settings.grainSettings]
        simulations = try shown.map { try Simulation(settings: $0, randomColors: settings.randomColors, shaders: shaders) }
        timer = HourglassTimer(settings: compare ? settings.grainSettings(for: .cpu) : settings.grainSettings, duration: settings.duration)
        window.input = self
    }

    deinit {
        ui_shutdown()
    }

    /// Runs until the window closes, or for `frames` frames of 1/60 s each when given (so a
    /// screenshot shows the same moment on any machine), then saves `screenshot` if asked.
    /// `autostart` flips once the fresh pile has settled, as the original's `-test` did.
    func run(frames: Int?, screenshot: String?, autostart: Bool) throws {
        autostartIn = autostart ? HeadlessRun.defaultSettleSeconds : nil
        var previous = Window.time
        var frame = 0
        while !window.shouldClose {
            Window.pollEvents()
            let now = Window.time
            let wallDt = Float(now - previous)
            previous = now
            frame += 1
            let last = frames.map { frame >= $0 } ?? false
            if last, let screenshot { screenshotPath = screenshot }
            fps.tick(wallDt)
            try drawFrame(dt: frames == nil ? wallDt : 1.0 / 60.0)
            if last { break }
        }
        store?.save(settings)
    }

    private func drawFrame(dt: Float) throws {
        if let wait = autostartIn {
            autostartIn = wait > dt ? wait - dt : nil
            if autostartIn == nil { perform(timer.start()) }
        }
        perform(timer.advance(by: dt))
        toast = toast?.advanced(by: dt)
        let angle = timer.containerAngle
        let scenes = simulations.map { simulation in
            simulation.step(frameDt: dt, angle: angle, timer: timer)
            return SceneFrame(profile: simulation.profile, angle: angle, grains: simulation.grainSource())
        }
        let (width, height) = window.framebufferSize
        guard width > 0, height > 0 else { return }
        let layout = layout()
        let scale = window.contentScale, windowHeight = Double(height) / scale
        let viewports = layout.viewports.map { SceneLayout.pixels($0, windowHeight: windowHeight, scale: scale) }
        renderer.render(Array(zip(scenes, viewports)), width: width, height: height, into: 0)
        drawOverlay(width: width, height: height, layout: layout)
        if let path = screenshotPath {
            screenshotPath = nil
            try Screenshot.save(SceneRenderer.readPixels(width: width, height: height), width: width, height: height, to: path)
            Console.progress("screenshot saved to \(path)")
            toast = Toast("saved \(path)")
        }
        window.swapBuffers()
    }

    /// The hourglasses' places this frame, in window units, clear of last frame's panels.
    private func layout() -> SceneLayout {
        let size = window.size
        return SceneLayout(width: size.width, height: size.height, columns: simulations.count,
                           panels: overlayVisible ? panels : [], reservedBelow: comparing ? Self.labelHeight : 0)
    }

    private static let labelHeight = 26.0

    private func drawOverlay(width: Int, height: Int, layout: SceneLayout) {
        ui_new_frame()
        panels = []
        if overlayVisible {
            let first = simulations[0]
            let model = OverlayModel(phase: timer.phase, elapsed: timer.elapsed, duration: first.runningDuration ?? timer.duration,
                                     settings: comparing ? settingsForComparison : settings,
                                     active: first.settings, fps: fps.value, physicsMilliseconds: first.physicsMilliseconds,
                                     renderer: renderer(of: first), showHelp: showHelp, comparing: comparing,
                                     toast: toast.map { ($0.text, $0.alpha) }, drain: first.drainHistory)
            let scale = Float(window.contentScale)
            let frame = Overlay.draw(model, width: Float(width) / scale, height: Float(height) / scale, scale: scale)
            panels = frame.panels
            frame.events.forEach(handle)
            if comparing { drawLabels(layout) }
        }
        ui_render()
    }

    private func renderer(of simulation: Simulation) -> String {
        simulation.mode == .cpu ? "Swift on the CPU" : rendererName
    }

    /// Side by side, each hourglass is named under its glass with its live cost, in short
    /// where the full line does not fit its column.
    private func drawLabels(_ layout: SceneLayout) {
        for (simulation, (viewport, glass)) in zip(simulations, zip(layout.viewports, layout.glasses)) {
            let name = simulation.mode.displayName, milliseconds = simulation.physicsMilliseconds
            var text = String(format: "%@ · %.2f ms physics per frame", name, milliseconds)
            if Double(ui_text_width(text)) > viewport.width - 20 { text = String(format: "%@ · %.2f ms", name, milliseconds) }
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
                    window.shouldClose = true
                }
            case .snapAfterFlip:
                simulations.forEach { $0.snapAfterFlip() }
            }
        }
    }

    private(set) var failure: Error?

    // MARK: input

    func mouseButton(pressed: Bool, x: Double, y: Double) {
        if pressed {
            guard !ui_wants_mouse(), isOverHourglass(x: x, y: y) else { return }
            perform(timer.beginDrag())
            dragStart = timer.isDragging ? y : nil
        } else if dragStart != nil {
            dragStart = nil
            timer.endDrag()
        }
    }

    /// Dragging down by half the window's height turns the hourglass half a turn.
    func mouseMoved(x: Double, y: Double) {
        guard let start = dragStart else { return }
        timer.drag(to: Float.pi * Float((y - start) / (0.5 * max(window.size.height, 1))))
    }

    func key(_ key: Int32, modifiers: Int32) {
        // Keys typed into a widget (a slider's Ctrl+click text box; Esc cancels it) are its own.
        guard !ui_wants_keyboard() else { return }
        switch key {
        case GLFW_KEY_SPACE: perform(timer.start())
        case GLFW_KEY_R: perform(timer.reset())
        case GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3:
            let mode = PhysicsMode.allCases[Int(key - GLFW_KEY_1)]
            if mode != settings.mode { handle(.select(mode)) }
        case GLFW_KEY_C: handle(.randomColors(!settings.randomColors))
        case GLFW_KEY_F11: window.toggleFullscreen()
        case GLFW_KEY_V:
            window.toggleVsync()
            toast = Toast(window.vsync ? "vsync on" : "vsync off")
        case GLFW_KEY_F12: screenshotPath = Screenshot.defaultName(at: Date())
        case GLFW_KEY_H: overlayVisible.toggle()
        case GLFW_KEY_F1: showHelp.toggle()
        case GLFW_KEY_ESCAPE: window.shouldClose = true
        default: break
        }
    }

    /// Over any hourglass's glass, as laid out this frame, in window units.
    private func isOverHourglass(x: Double, y: Double) -> Bool {
        layout().glasses.contains { $0.contains(x: x, y: y) }
    }
}

/// Frames per second, counted over windows of half a second so the readout is steady and
/// right from the first window (an average weighted toward each frame took tens of frames to
/// forget the first one's near-zero time, and showed thousands of fps at 1 fps).
struct FrameRate {
    static let window = 0.5
    /// 0 until the first window is complete.
    private(set) var value: Double = 0
    private var frames = 0
    private var seconds = 0.0

    mutating func tick(_ dt: Float) {
        frames += 1
        seconds += Double(max(dt, 0))
        guard seconds >= Self.window else { return }
        value = Double(frames) / seconds
        frames = 0
        seconds = 0
    }
}

/// A brief message over the scene that fades after a couple of seconds.
struct Toast {
    static let seconds: Float = 2.5
    let text: String
    private(set) var remaining = Toast.seconds

    init(_ text: String) { self.text = text }

    /// The last half second fades out.
    var alpha: Float { min(1, remaining / 0.5) }

    /// Nil once it has run out.
    func advanced(by dt: Float) -> Toast? {
        var next = self
        next.remaining -= dt
        return next.remaining > 0 ? next : nil
    }
}
