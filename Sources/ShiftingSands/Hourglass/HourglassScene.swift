import CGLFW
import Foundation
import ImGuiBridge
import SandGL
import GLSupport
import SandSim

/// The hourglass scene: the thin layer between the window and an `HourglassSession`. Input
/// and the overlay become events, queued and handed to the session at the start of the next
/// frame (outside ImGui's frame, so a fresh pile's GL buffers are never made while the panels
/// are drawn); the session's state becomes the frame's drawing: each glass's grains as its mode
/// brings them to the screen, laid out clear of the panels, with the camera, the trace, the
/// title and the alarm. The left drag flips the glass by hand; the right drag orbits the camera,
/// the wheel zooms, a double click puts the camera back.
final class HourglassScene: Scene {
    private let renderer: SceneRenderer
    private let session: HourglassSession
    private let store: SettingsStore<HourglassSettings>?
    private let rendererName: String
    /// What the input and the overlay asked since the last frame, in order.
    private var events: [HourglassEvent] = []
    private var dragStart: Double?
    private var orbitFrom: (x: Double, y: Double)?
    private(set) var camera = Camera.original
    /// The shell's frame rate, for the trace and the labels side by side.
    private var fps = 0.0
    private let trace: WindowTrace?
    /// Wall seconds since the first frame, for the trace.
    private var wallClock = 0.0
    /// Where the overlay's panels stood last frame; the hourglasses keep clear of them.
    private var panels: [ScreenRect] = []
    private let alarm: TimerAlarm
    /// What this machine was measured to cost, for the count's note; nil: not measured.
    private let fit: MachineFit?
    private unowned let window: Window

    /// `store` nil: settings changed in this run are not saved (screenshot runs). `trace`: a row a
    /// frame goes there. The rest is the session's (HourglassSession.init).
    init(window: Window, settings: HourglassSettings, store: SettingsStore<HourglassSettings>?, shaders: ShaderSource, alerts: TimerAlerts,
         compare: Bool = false, autostart: Bool = false, pacing: Bool = true, trace: WindowTrace? = nil, hand: ScriptedHand? = nil,
         fit: MachineFit? = nil) throws {
        self.window = window
        self.fit = fit
        self.store = store
        rendererName = GLInfo.current().renderer
        renderer = try SceneRenderer(shaders: shaders)
        session = try HourglassSession(settings: settings, comparing: compare, shaders: shaders, savedSettings: store != nil,
                                       autostart: autostart, pacing: pacing, hand: hand,
                                       workerContexts: { [unowned window] in try GLFWWorkerContext(sharing: window) })
        alarm = TimerAlarm(alerts: alerts, chimes: settings.chime, notifies: settings.notify)
        self.trace = trace
        passOn()
    }

    var keys: [(String, String)] { Self.keys }

    static let keys = [
        ("Space", "start / flip"), ("R", "reset"), ("P", "pause / resume"), ("1 2 3", "CPU / GPU / Instanced"),
        ("C", "random colours"), ("drag", "turn the hourglass by hand"),
        ("right drag", "orbit the camera"), ("wheel", "zoom"), ("double click", "camera back"),
    ]

    var cost: (milliseconds: Double, label: String)? {
        session.comparing ? nil : (Double(session.glasses[0].physicsSeconds) * 1000, localized("physics"))
    }

    func save() {
        store?.save(session.settings)
    }

    /// Sets the camera as a scripted orbit would leave it (`run --orbit`).
    func orbit(yawDegrees: Float, pitchDegrees: Float) {
        camera = camera.orbited(yaw: yawDegrees * .pi / 180, pitch: pitchDegrees * .pi / 180)
    }

    func frame(dt: Float, waited: Float, fps: Double, width: Int, height: Int, panels: [ScreenRect], stages: FrameStages) throws {
        self.panels = panels
        self.fps = fps
        wallClock += Double(dt)
        let queued = events
        events = []
        for event in queued { try session.handle(event) }
        let seconds = try stages.time(.physics) { try session.control(wall: dt, waited: waited) }
        let scale = window.contentScale, windowHeight = Double(height) / scale
        let viewports = layout().viewports.map { SceneLayout.pixels($0, windowHeight: windowHeight, scale: scale) }
        if session.advancesWhileDrawing {
            // The frame draws the grains as they were, while they move on (GlassThreads).
            let scenes = try present(steady: true, stages: stages)
            session.startAdvance(by: seconds)
            renderer.render(Array(zip(scenes, viewports)), width: width, height: height, into: 0, camera: camera, stages: stages)
            stages.time(.physics) { session.finishAdvance() }
        } else {
            stages.time(.physics) {
                session.startAdvance(by: seconds)
                session.finishAdvance()
            }
            stages.add(session.glasses.map(\.lastFrame.countSeconds).reduce(0, +) * 1000, to: .count, from: .physics)
            let scenes = try present(steady: false, stages: stages)
            renderer.render(Array(zip(scenes, viewports)), width: width, height: height, into: 0, camera: camera, stages: stages)
        }
        passOn()
        hearTimer(seen: window.isInFront)
    }

    /// Every glass as the renderer draws it now.
    private func present(steady: Bool, stages: FrameStages) throws -> [DrawnHourglass] {
        try session.glasses.map { glass in
            let presented = try stages.time(.grains) { try glass.present(shape: session.settings.grainShape, steady: steady) }
            if let notice = presented.notice { Notices.post(Self.text(notice)) }
            return DrawnHourglass(profile: glass.profile, angle: session.timer.containerAngle, grains: presented.source)
        }
    }

    /// Another scene is on screen: the sand runs on, the title keeps the time left and the end
    /// rings, with a notification since the glass is out of sight.
    func advanceUnseen(dt: Float) throws {
        wallClock += Double(dt)
        try session.frame(wall: dt)
        passOn()
        hearTimer(seen: false)
    }

    /// The alarm hears the timer after a frame; the title shows it.
    private func hearTimer(seen: Bool) {
        alarm.chimes = session.settings.chime
        alarm.notifies = session.settings.notify
        alarm.hear(session.timer, windowInFront: seen)
        window.title = TimerAlarm.title(session.timer, paused: session.isPaused)
    }

    static func text(_ notice: DrawingNotice) -> String {
        switch notice {
        case .impostorsForMeshes(let count, let most):
            localized("%@ grains are more than this GL holds as icospheres (at most %@): they are drawn round", NumberText.whole(count), NumberText.whole(most))
        }
    }

    /// What the session has for the person and for the settings file.
    private func passOn() {
        session.takeNotices().forEach(Notices.post)
        if let settings = session.takeSettingsToSave() { store?.save(settings) }
    }

    deinit {
        window.title = "ShiftingSands"
    }

    /// A running timer of a minute or more is a thin stream of sand: that many frames a second
    /// show it while the window is left alone.
    static let longTimerFrameCap = 10

    var frameCap: Int? {
        session.timer.phase == .running && session.timer.duration >= 60 ? Self.longTimerFrameCap : nil
    }

    /// The frame's row of the trace, with its stages, now that they are all known.
    func frameEnded(stages: FrameStages) throws {
        guard let trace else { return }
        let glasses = session.glasses.map {
            WindowTrace.Glass(upper: $0.hourglass.upper, emptyAt: $0.hourglass.emptyAt, substeps: $0.lastFrame.substeps)
        }
        let timer = session.timer
        try trace.row(wall: wallClock, simulated: session.clock, phase: timer.phase, elapsed: timer.elapsed,
                      angle: timer.containerAngle, held: timer.isDragging, glasses: glasses, fps: fps, slowMotion: session.slowMotion,
                      stages: stages, paused: session.isPaused)
    }

    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect] {
        let timer = session.timer
        var shown = session.settings
        shown.mode = session.shownMode
        let model = OverlayModel(phase: timer.phase, elapsed: timer.elapsed, duration: timer.duration, settings: shown,
                                 active: session.glasses[0].settings, countRange: session.countRange,
                                 comparing: session.comparing, paused: session.isPaused, held: timer.isDragging,
                                 swingingBack: timer.isSwingingBack, startsIn: session.autostartIn, countNote: countNote(shown))
        let frame = HourglassOverlay.draw(model, width: Float(room.width), height: Float(room.height), scale: scale)
        events += frame.events
        if session.comparing { drawLabels(layout()) }
        return frame.panels
    }

    func drawReadout(width: Float, scale: Float) {
        let first = session.glasses[0]
        HourglassOverlay.readout(active: first.settings, renderer: renderer(of: first), comparing: session.comparing,
                                 drain: first.drainHistory, duration: session.timer.duration, slowMotion: session.slowMotion,
                                 width: width, scale: scale)
    }

    /// Beside the count: whether it fits this machine, or what it will cost here.
    private func countNote(_ shown: HourglassSettings) -> String? {
        guard let fit else { return nil }
        let mode = shown.mode, count = shown.count(for: mode), modes = session.comparing ? PhysicsMode.allCases : [mode]
        switch fit.note(modes, count: count) {
        case .fits: return localized("fits this machine")
        // At least: the fit times the sand's fastest second, the stream at full flow, so a run
        // draws more (side by side at 250, the note said 15 and the window drew 24–35).
        case .framesPerSecond(let fps): return localized("at least %.0f fps here", fps)
        case .slowMotion: return localized("slow motion here")
        }
    }

    /// The hourglasses' places this frame, in window units, clear of last frame's panels.
    private func layout() -> SceneLayout {
        let size = window.size
        return SceneLayout(width: size.width, height: size.height, columns: session.glasses.count,
                           panels: panels, reservedBelow: session.comparing ? Self.labelHeight : 0)
    }

    private static let labelHeight = 26.0

    private func renderer(of glass: Simulation) -> String {
        glass.mode == .cpu ? localized("Swift on the CPU") : rendererName
    }

    /// Side by side, each hourglass is named under its glass with the grains it holds (a count
    /// chosen waits for the next start), its live cost and the frame rate: the longest line
    /// that fits its column, down to the name alone (at 700 units wide the short line ran into
    /// the next glass's).
    private func drawLabels(_ layout: SceneLayout) {
        for (glass, (viewport, shape)) in zip(session.glasses, zip(layout.viewports, layout.glasses)) {
            let name = localized(glass.mode.displayName), milliseconds = Double(glass.physicsSeconds) * 1000
            let grains = NumberText.whole(glass.settings.count)
            let lines = [
                localized("%@ · %@ grains · %.2f ms physics per frame · %.0f fps", name, grains, milliseconds, fps),
                localized("%@ · %@ grains · %.2f ms · %.0f fps", name, grains, milliseconds, fps),
                localized("%@ · %.2f ms · %.0f fps", name, milliseconds, fps),
            ]
            let text = lines.first { Double(ui_text_width($0)) <= viewport.width - 20 } ?? name
            ui_label(text, Float(viewport.midX), Float(shape.maxY + 4), 0.5)
        }
    }

    // MARK: input

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        switch (button, pressed) {
        case (.left, true):
            guard isOverHourglass(x: x, y: y) else { return }
            events.append(.hand(.takeHold))
            dragStart = y
        case (.left, false):
            guard dragStart != nil else { return }
            dragStart = nil
            events.append(.hand(.letGo))
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
        events.append(.hand(.turn(to: angle)))
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
        case GLFW_KEY_SPACE: events.append(.start)
        case GLFW_KEY_R: events.append(.reset)
        case GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3: events.append(.select(PhysicsMode.allCases[Int(key - GLFW_KEY_1)]))
        case GLFW_KEY_C: events.append(.randomColors(!session.settings.randomColors))
        case GLFW_KEY_P: events.append(.pause)
        default: return false
        }
        return true
    }

    /// Over any hourglass's glass, as laid out this frame, in window units.
    private func isOverHourglass(x: Double, y: Double) -> Bool {
        layout().glasses.contains { $0.contains(x: x, y: y) }
    }
}
