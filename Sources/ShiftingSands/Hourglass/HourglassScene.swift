import CGLFW
import Foundation
import ImGuiBridge
import SandGL
import GLSupport
import SandSim

/// The hourglass scene: one hourglass, or three side by side (CPU, GPU, Instanced) turned by
/// one timer. A frame is a short pipeline: choose how much simulated time it covers (the wall
/// clock's, unless the physics cannot keep up: FramePacer), advance each hourglass by it
/// (timer, container, physics, drain: Hourglass), bring the grains to the screen (upload,
/// readback or mesh expansion), draw them. The left drag flips the glass by hand; the right
/// drag orbits the camera, the wheel zooms, a double click puts the camera back.
final class HourglassScene: Scene {
    private let renderer: SceneRenderer
    /// One per hourglass on screen, left to right, their timers changed together.
    private let simulations: [Simulation]
    private let comparing: Bool
    private var settings: HourglassSettings
    private let store: SettingsStore<HourglassSettings>?
    private let rendererName: String
    /// The most grains each mode can hold on this GL, asked once at start.
    private let countRanges: [PhysicsMode: ClosedRange<Int>]
    private var dragStart: Double?
    private var orbitFrom: (x: Double, y: Double)?
    private(set) var camera = Camera.original
    /// The simulated second at which to flip by itself, once the fresh pile has settled.
    private var autostartAt: Double?
    /// A scripted hand on the glass (`run --turn`), on the simulated clock.
    private var hand: ScriptedHand?
    /// Frames cover the wall clock's time (nil: each frame covers the time it is given, as
    /// screenshot runs' fixed frames do).
    private var pacer: FramePacer?
    private var fps = FrameRate()
    private let trace: WindowTrace?
    /// Wall seconds since the first frame, for the trace.
    private var wallClock = 0.0
    /// Where the overlay's panels stood last frame; the hourglasses keep clear of them.
    private var panels: [ScreenRect] = []
    private let alarm: TimerAlarm
    private unowned let window: Window

    /// `store` nil: settings changed in this run are not saved (screenshot runs). `compare`: all
    /// three modes side by side with the CPU mode's count and size. `autostart` flips once the
    /// fresh pile has settled, as the original's `-test` did. `pacing`: frames follow the wall
    /// clock. `trace`: a row a frame goes there. `hand`: turns the glass as a mouse drag would.
    init(window: Window, settings: HourglassSettings, store: SettingsStore<HourglassSettings>?, shaders: ShaderSource, alerts: TimerAlerts,
         compare: Bool = false, autostart: Bool = false, pacing: Bool = true, trace: WindowTrace? = nil, hand: ScriptedHand? = nil) throws {
        self.window = window
        self.store = store
        rendererName = GLInfo.current().renderer
        renderer = try SceneRenderer(shaders: shaders)
        comparing = compare
        countRanges = Self.countRanges()
        var settings = Self.fitting(settings, countRanges)
        let modes = compare ? PhysicsMode.allCases : [settings.mode]
        func build(_ settings: HourglassSettings) throws -> [Simulation] {
            try modes.map { mode in
                try Simulation(settings: compare ? Self.compared(mode, settings: settings.grainSettings(for: .cpu)) : settings.grainSettings,
                               randomColors: settings.randomColors, duration: settings.duration, shaders: shaders)
            }
        }
        do {
            simulations = try build(settings)
        } catch GLError.bufferTooLarge(let reason) where store != nil && !compare {
            // A saved count this GL cannot hold: start at the mode's default rather than not at all.
            let mode = settings.mode
            Console.progress("shifting-sands: \(reason); starting with \(mode.displayName) mode's default of \(mode.defaultCount) grains")
            settings.counts[mode] = mode.defaultCount
            simulations = try build(settings)
            store?.save(settings)
        }
        self.settings = settings
        alarm = TimerAlarm(alerts: alerts, chimes: settings.chime, notifies: settings.notify)
        autostartAt = autostart ? Double(HeadlessRun.defaultSettleSeconds) : nil
        pacer = pacing ? FramePacer() : nil
        self.trace = trace
        self.hand = hand
    }

    /// Each mode's count range, cut to what this GL can hold.
    private static func countRanges() -> [PhysicsMode: ClosedRange<Int>] {
        let most = ComputeEngine.largestCount()
        return Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { mode in
            let range = mode.countRange
            guard mode != .cpu, let most else { return (mode, range) }
            return (mode, range.lowerBound...max(min(range.upperBound, most), range.lowerBound))
        })
    }

    /// `settings` with each saved count this GL cannot hold put back to its mode's default, with
    /// a line saying so: a count chosen on another machine must not keep the window from opening.
    private static func fitting(_ settings: HourglassSettings, _ ranges: [PhysicsMode: ClosedRange<Int>]) -> HourglassSettings {
        var fitted = settings
        for mode in PhysicsMode.allCases {
            guard let range = ranges[mode], settings.count(for: mode) > range.upperBound else { continue }
            Console.progress("shifting-sands: the saved \(settings.count(for: mode)) grains are more than this GL holds in \(mode.displayName) mode (at most \(range.upperBound)); starting with its default of \(mode.defaultCount)")
            fitted.counts[mode] = mode.defaultCount
        }
        return fitted
    }

    var keys: [(String, String)] { Self.keys }

    static let keys = [
        ("Space", "start / flip"), ("R", "reset"), ("P", "pause / resume"), ("1 2 3", "CPU / GPU / Instanced"),
        ("C", "random colours"), ("drag", "turn the hourglass by hand"),
        ("right drag", "orbit the camera"), ("wheel", "zoom"), ("double click", "camera back"),
    ]

    var cost: (milliseconds: Double, label: String)? {
        comparing ? nil : (Double(simulations[0].physicsSeconds) * 1000, localized("physics"))
    }

    private(set) var failure: Error?

    func save() {
        store?.save(settings)
    }

    /// Sets the camera as a scripted orbit would leave it (`run --orbit`).
    func orbit(yawDegrees: Float, pitchDegrees: Float) {
        camera = camera.orbited(yaw: yawDegrees * .pi / 180, pitch: pitchDegrees * .pi / 180)
    }

    func frame(dt: Float, waited: Float, width: Int, height: Int, panels: [ScreenRect]) throws {
        self.panels = panels
        fps.tick(dt)
        wallClock += Double(dt)
        if let at = autostartAt, simulations[0].hourglass.clock >= at {
            autostartAt = nil
            changeTimers { $0.start() }
        }
        if let moves = hand?.moves(at: Float(simulations[0].hourglass.clock)), !moves.isEmpty {
            changeTimers { $0.follow(moves) }
        }
        let seconds = pacer?.simulatedSeconds(wall: dt, waited: waited) ?? dt
        for simulation in simulations { simulation.advance(by: seconds) }
        pacer?.record(physics: simulations.map(\.physicsSeconds).reduce(0, +), simulated: simulations[0].lastFrame.seconds)
        try writeTrace()
        alarm.hear(timer, windowInFront: window.isInFront)
        window.title = TimerAlarm.title(timer, paused: isPaused)
        let angle = timer.containerAngle
        let scenes = simulations.map { DrawnHourglass(profile: $0.profile, angle: angle, grains: $0.grainSource(shape: settings.grainShape)) }
        let layout = layout()
        let scale = window.contentScale, windowHeight = Double(height) / scale
        let viewports = layout.viewports.map { SceneLayout.pixels($0, windowHeight: windowHeight, scale: scale) }
        renderer.render(Array(zip(scenes, viewports)), width: width, height: height, into: 0, camera: camera)
    }

    deinit {
        window.title = "ShiftingSands"
    }

    /// The timer every hourglass on screen shares (each keeps a copy, changed together).
    private var timer: HourglassTimer { simulations[0].timer }

    private var isPaused: Bool { simulations[0].isPaused }

    /// A running timer of a minute or more is a thin stream of sand: that many frames a second
    /// show it while the window is left alone.
    static let longTimerFrameCap = 10

    var frameCap: Int? {
        timer.phase == .running && timer.duration >= 60 ? Self.longTimerFrameCap : nil
    }

    /// Simulated seconds per wall second: 1 while the sand keeps real time.
    var slowMotion: Float { pacer?.slowMotion ?? 1 }

    private func writeTrace() throws {
        guard let trace else { return }
        let glasses = simulations.map {
            WindowTrace.Glass(upper: $0.hourglass.upper, emptyAt: $0.hourglass.emptyAt, substeps: $0.lastFrame.substeps)
        }
        try trace.row(wall: wallClock, simulated: simulations[0].hourglass.clock, phase: timer.phase, elapsed: timer.elapsed,
                      angle: timer.containerAngle, held: timer.isDragging, glasses: glasses, fps: fps.value, slowMotion: slowMotion)
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        let model = OverlayModel(phase: timer.phase, elapsed: timer.elapsed, duration: timer.duration,
                                 settings: comparing ? settingsForComparison : settings,
                                 active: simulations[0].settings, countRange: countRanges[comparing ? .cpu : settings.mode]!,
                                 comparing: comparing, paused: isPaused)
        let frame = HourglassOverlay.draw(model, width: Float(room.width), height: Float(room.height), scale: scale)
        frame.events.forEach(handle)
        if comparing { drawLabels(layout()) }
        return frame.panels
    }

    func drawReadout(width: Float, scale: Float) {
        let first = simulations[0]
        HourglassOverlay.readout(active: first.settings, renderer: renderer(of: first), comparing: comparing,
                                 drain: first.drainHistory, duration: timer.duration, slowMotion: slowMotion,
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

    /// Side by side, each hourglass is named under its glass with its live cost and the frame
    /// rate, in short where the full line does not fit its column.
    private func drawLabels(_ layout: SceneLayout) {
        for (simulation, (viewport, glass)) in zip(simulations, zip(layout.viewports, layout.glasses)) {
            let name = localized(simulation.mode.displayName), milliseconds = Double(simulation.physicsSeconds) * 1000
            var text = localized("%@ · %.2f ms physics per frame · %.0f fps", name, milliseconds, fps.value)
            if Double(ui_text_width(text)) > viewport.width - 20 { text = localized("%@ · %.2f ms · %.0f fps", name, milliseconds, fps.value) }
            ui_label(text, Float(viewport.midX), Float(glass.maxY + 4), 0.5)
        }
    }

    /// In the comparison every mode shows the CPU mode's count and size, so they match.
    private var settingsForComparison: HourglassSettings {
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
            changeTimers { $0.select(mode: mode, count: self.settings.count(for: mode), size: self.settings.size(for: mode)) }
        case .count(let count):
            settings.counts[comparing ? .cpu : settings.mode] = count
            changeTimers { $0.request(count: count); return [] }
        case .size(let size):
            settings.sizes[comparing ? .cpu : settings.mode] = size
            changeTimers { $0.request(size: size); return [] }
        case .duration(let duration):
            settings.duration = duration
            changeTimers { $0.request(duration: duration); return [] }
        case .startOrReset:
            let busy = timer.phase == .flipping || timer.phase == .running
            changeTimers { busy ? $0.reset() : $0.start() }
        case .randomColors(let random):
            settings.randomColors = random
            simulations.forEach { $0.setRandomColors(random) }
        case .pause:
            let paused = !isPaused
            simulations.forEach { $0.isPaused = paused }
            return
        case .chime(let chime):
            settings.chime = chime
            alarm.chimes = chime
        case .notify(let notify):
            settings.notify = notify
            alarm.notifies = notify
        case .defaults:
            let defaults = HourglassSettings()
            let modeChanged = !comparing && defaults.mode != settings.mode
            settings = defaults
            // Like the sliders, count and size wait for the next start; another mode restarts.
            let mode = comparing ? PhysicsMode.cpu : defaults.mode
            let count = defaults.count(for: mode), size = defaults.size(for: mode)
            changeTimers { timer in
                timer.request(duration: defaults.duration)
                if modeChanged { return timer.select(mode: mode, count: count, size: size) }
                timer.request(count: count)
                timer.request(size: size)
                return []
            }
            simulations.forEach { $0.setRandomColors(defaults.randomColors) }
            alarm.chimes = defaults.chime
            alarm.notifies = defaults.notify
        case .grainShape(let shape):
            settings.grainShape = shape
        case .tell(let line):
            Notices.post(line)
            return
        }
        store?.save(settings)
    }

    /// Changes every hourglass's timer alike and builds the fresh piles they ask for; a mode
    /// whose engine cannot start ends the app with its message (a broken shader, say), as at
    /// launch.
    private func changeTimers(_ change: (inout HourglassTimer) -> [TimerAction]) {
        do {
            for simulation in simulations { try simulation.changeTimer(change) }
        } catch {
            failure = error
        }
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        switch (button, pressed) {
        case (.left, true):
            guard isOverHourglass(x: x, y: y) else { return }
            changeTimers { $0.beginDrag() }
            dragStart = timer.isDragging ? y : nil
        case (.left, false):
            guard dragStart != nil else { return }
            dragStart = nil
            changeTimers { $0.endDrag(); return [] }
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
        let angle = Float.pi * Float((y - start) / (0.5 * max(window.size.height, 1)))
        changeTimers { $0.drag(to: angle); return [] }
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
        case GLFW_KEY_SPACE: changeTimers { $0.start() }
        case GLFW_KEY_R: changeTimers { $0.reset() }
        case GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3:
            let mode = PhysicsMode.allCases[Int(key - GLFW_KEY_1)]
            if mode != settings.mode { handle(.select(mode)) }
        case GLFW_KEY_C: handle(.randomColors(!settings.randomColors))
        case GLFW_KEY_P: handle(.pause)
        default: return false
        }
        return true
    }

    /// Over any hourglass's glass, as laid out this frame, in window units.
    private func isOverHourglass(x: Double, y: Double) -> Bool {
        layout().glasses.contains { $0.contains(x: x, y: y) }
    }
}
