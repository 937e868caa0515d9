import CGLFW
import Foundation
import GLSupport
import ImGuiBridge

/// The desktop app around whichever scene is on screen: one window, the frame loop, the overlay
/// host with the shared readout (scene picker, frames per second, the scene's cost), the help
/// panel, toasts and screenshots. A frame: advance and draw the scene, draw the overlay, save a
/// screenshot if one is due, present.
final class AppShell: WindowInput {
    typealias SceneFactory = (SceneKind) throws -> Scene

    private let makeScene: SceneFactory
    private(set) var kind: SceneKind
    private var scene: Scene?
    private var overlayVisible = true
    private var showHelp = false
    /// A screenshot to save at the end of this frame: `--screenshot`'s file (a failure ends the
    /// run) or F12's, in the pictures folder (a failure is a toast).
    private var screenshot: (path: String, asked: Bool)?
    private var recorder: ClipRecorder?
    private var fps = FrameRate()
    /// Where this frame's time goes.
    private let stages: FrameStages
    /// Where the overlay's panels stood last frame.
    private var panels: [ScreenRect] = []
    private var toast: Toast?
    private var lastClick: (time: Double, x: Double, y: Double)?
    /// When the person last pressed, moved, scrolled or typed: a scene's frame cap waits this long
    /// after, so the overlay answers at full speed.
    private var lastInput = Window.time
    static let idleAfterSeconds = 3.0
    /// The language and frame-rate cap, and where they are kept (nil for runs that leave
    /// settings alone).
    private var settings: ShellSettings
    private let store: SettingsStore<ShellSettings>?
    /// Declared last so they are released last: every GL object above needs ImGui's context
    /// and the window's.
    private let overlay: OverlayContext
    private let window: Window

    /// The keys every scene shares, after the scene's own in the help panel.
    static let keys = [
        ("Tab", "next scene"), ("F11", "fullscreen"), ("V", "vsync"), ("F12", "screenshot"),
        ("H", "hide overlay"), ("L", "switch language"), ("F1", "this help"), ("Esc", "quit"),
    ]

    /// `stagesWaitForGL`: each stage of a frame waits for the GL (FrameStages), for a trace that
    /// names a slow frame's cause.
    init(window: Window, overlay: OverlayContext, scene kind: SceneKind, overlayVisible: Bool = true, settings: ShellSettings, store: SettingsStore<ShellSettings>?,
         stagesWaitForGL: Bool = false, makeScene: @escaping SceneFactory) throws {
        self.window = window
        self.overlay = overlay
        stages = FrameStages(waitsForGL: stagesWaitForGL)
        self.overlayVisible = overlayVisible
        self.kind = kind
        self.makeScene = makeScene
        self.settings = settings
        self.store = store
        scene = try makeScene(kind)
        window.input = self
    }

    deinit {
        scene = nil
        aside = [:]
    }

    /// The scene the picker or Tab asked for, shown at the start of the next frame.
    private var asked: SceneKind?
    /// Scenes left for another, kept as they were: each advances unseen (a running timer keeps
    /// time) and comes back as it was left, rather than made anew from its settings.
    private var aside: [SceneKind: Scene] = [:]

    /// Runs until the window closes, or `quitAfter` wall seconds, or for `frames` frames of
    /// 1/60 s each when given (so a screenshot shows the same moment on any machine), then saves
    /// `screenshot` if asked. `beforeFrame` runs first in each frame, with the frame's number
    /// from 1 (scripted input).
    /// `frames`: a run of so many frames of 1/60 s each, whatever the frame rate, ending with
    /// `screenshot` if given, each frame given to `recorder` if given.
    func run(frames: Int?, screenshot: String?, recorder: ClipRecorder? = nil, quitAfter: Double? = nil,
             beforeFrame: (Int, Scene) -> Void = { _, _ in }) throws {
        self.recorder = recorder
        let started = Window.time
        var previous = started
        var frame = 0
        /// Of the coming frame's wall time, what the last frame cap spent waiting.
        var waited: Float = 0
        while !window.shouldClose {
            Window.pollEvents()
            let now = Window.time
            // A run of so many frames (a screenshot, a clip) steps 1/60 s each, however long one takes.
            let dt = frames == nil ? Float(now - previous) : 1.0 / 60.0
            // This machine's drawing rate, in a screenshot too; a clip shows its own (readoutFPS).
            fps.tick(Float(now - previous))
            previous = now
            frame += 1
            let last = frames.map { frame >= $0 } ?? false
            if last, let screenshot { self.screenshot = (screenshot, true) }
            if let kind = asked {
                asked = nil
                try show(kind)
            }
            if let scene { beforeFrame(frame, scene) }
            for unseen in aside.values { try unseen.advanceUnseen(dt: dt) }
            stages.startFrame()
            try drawFrame(dt: dt, waited: frames == nil ? waited : 0)
            waited = 0
            let quitting = last || quitAfter.map { Window.time - started >= $0 } ?? false
            let idle = Window.time - lastInput >= Self.idleAfterSeconds
            if !quitting, frames == nil, let cap = [settings.fpsCap, idle ? scene?.frameCap : nil].compactMap({ $0 }).min() {
                let before = Window.time
                Window.waitEvents(until: now + 1 / Double(cap))
                waited = Float(Window.time - before)
                stages.add(Double(waited) * 1000, to: .wait)
            }
            try scene?.frameEnded(stages: stages)
            if quitting { break }
        }
        scene?.save()
        aside.values.forEach { $0.save() }
    }

    /// Puts `kind` on screen in place of the current scene, which is saved and set aside (back
    /// on screen it goes on as it was); a scene that cannot start ends the app with its
    /// message, as at launch.
    private func show(_ kind: SceneKind) throws {
        guard kind != self.kind else { return }
        scene?.save()
        aside[self.kind] = scene
        scene = try aside.removeValue(forKey: kind) ?? makeScene(kind)
        self.kind = kind
        toast = Toast(localized(kind.title))
    }

    private func drawFrame(dt: Float, waited: Float) throws {
        guard let scene else { return }
        toast = toast?.advanced(by: dt)
        let (width, height) = window.framebufferSize
        guard width > 0, height > 0 else { return }
        try scene.frame(dt: dt, waited: waited, fps: readoutFPS, width: width, height: height, panels: overlayVisible ? panels : [], stages: stages)
        stages.time(.overlay) { drawOverlay(scene, width: width, height: height) }
        if let (path, asked) = screenshot {
            screenshot = nil
            do {
                try Screenshot.save(WindowFramebuffer.read(width: width, height: height), width: width, height: height, to: path)
                Console.progress("screenshot saved to \(path)")
                toast = Toast(localized("saved %@", path))
            } catch where !asked {
                Notices.post("\(error)")
            }
        }
        if let recorder { try recorder.add(WindowFramebuffer.read(width: width, height: height), width: width, height: height) }
        stages.time(.present) { window.swapBuffers() }
    }

    /// Whether a window of `width` × `height` units is smaller than the panels' smallest layout
    /// (`Window.minimumSize`, which a display without a window manager does not enforce).
    static func belowPanelsMinimum(width: Float, height: Float) -> Bool {
        width < Float(Window.minimumSize.width) || height < Float(Window.minimumSize.height)
    }

    private func drawOverlay(_ scene: Scene, width: Int, height: Int) {
        ui_new_frame(Float(window.size.width), Float(window.size.height), Float(width), Float(height))
        let scale = Float(window.contentScale)
        let w = Float(width) / scale, h = Float(height) / scale
        // A toast stands above the readout, clear of its controls.
        var toastY = h - 90 * scale
        if overlayVisible && Self.belowPanelsMinimum(width: w, height: h) {
            // The panels' smallest layout does not fit: they would pile up over the scene, so
            // one line says so and the scene keeps the rest of the window.
            ui_begin_panel("too small", w / 2, 4 * scale, 0.5, 0, 0.55)
            OverlayPanel.hint(localized("enlarge the window for the panels"))
            panels = [OverlayPanel.end()]
        } else if overlayVisible {
            panels = scene.drawPanels(in: PanelRoom(panels: panels, width: Double(w), height: Double(h), margin: Double(12 * scale)), scale: scale)
            let readout = drawReadout(scene, width: w, height: h, scale: scale)
            panels.append(readout)
            toastY = min(toastY, Float(readout.y) - 24 * scale)
        } else {
            panels = []
        }
        if let said = saidThisFrame() { toast = Toast(said) }
        if let toast {
            ui_toast(toast.text, w / 2, toastY, toast.alpha)
        }
        // The help panel is asked for and covers the scene on purpose: not an obstacle.
        if showHelp {
            ui_begin_panel("help", w / 2, h / 2, 0.5, 0.5, 0.95)
            ui_bring_to_front()
            ui_text_colored(localized("Keys"), 0.93, 0.80, 0.52)
            ui_separator()
            let keys = (scene.keys + Self.keys).map { (localized($0.0), localized($0.1)) }
            let column = (keys.map { ui_text_width($0.0) }.max() ?? 0) + ui_text_width("   ")
            for (key, action) in keys {
                ui_text(key)
                ui_same_line_at(column)
                ui_text(action)
            }
            ui_end_panel(nil)
        }
        ui_render()
    }

    /// What the overlay must tell the person this frame: a value typed out of a slider's range
    /// (the slider kept the nearest end), or a notice (a settings file that could not be saved).
    private func saidThisFrame() -> String? {
        var clamped = UIClamped()
        if ui_take_clamped(&clamped) {
            func text<T>(_ characters: T) -> String {
                withUnsafeBytes(of: characters) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            }
            return localized("%@ is outside %@–%@; using %@", text(clamped.typed), text(clamped.lowest), text(clamped.highest), text(clamped.kept))
        }
        return Notices.take().last
    }

    /// Bottom left: the scene picker, frames per second and the scene's cost, then the scene's
    /// own lines.
    private func drawReadout(_ scene: Scene, width: Float, height: Float, scale: Float) -> ScreenRect {
        let margin = 12 * scale
        let compact = width < 1000 * scale
        let capWidth = 100 * scale
        // The frame rate line's widest (a space is narrower than a digit): the panel keeps one
        // width as the digits change, and the hourglass beside it one size and place.
        let widest = Self.rateLine(fps: 8888, cost: scene.cost.map { (888.88, $0.label) }, compact: compact)
        ui_next_panel_min_width(ui_text_width(widest) + ui_item_spacing() + capWidth)
        ui_begin_panel("readout", margin, height - margin, 0, 1, 0.55)
        // A drop-down, not a row of buttons: the panel stays narrow as scenes are added, and
        // the hourglass keeps its room beside it.
        var chosen: SceneKind?
        if let index = combo(localized("scene"), SceneKind.allCases.map { localized($0.title) }, chosen: SceneKind.allCases.firstIndex(of: kind), width: 130 * scale) {
            chosen = SceneKind.allCases[index]
        }
        ui_same_line()
        // Each language by its own name, so it can be found from any other; no label, which
        // would be in a language the reader may not know.
        if let index = combo("##language", Language.allCases.map(\.nativeName), chosen: Language.allCases.firstIndex(of: Language.current), width: 100 * scale) {
            choose(Language.allCases[index])
        }
        // Fixed widths: the panel sizes itself to last frame's text, so a line that grew would
        // be clipped for a frame.
        ui_text(Self.rateLine(fps: readoutFPS, cost: scene.cost, compact: compact))
        ui_same_line()
        let caps = [nil] + ShellSettings.fpsCapChoices.map(Optional.some) + (settings.fpsCap.map { ShellSettings.fpsCapChoices.contains($0) ? [] : [$0] } ?? [])
        let capNames = caps.map { $0.map { localized("≤ %ld fps", $0) } ?? localized("no fps cap") }
        if let index = combo("##fpscap", capNames, chosen: caps.firstIndex(of: settings.fpsCap), width: capWidth), caps[index] != settings.fpsCap {
            settings.fpsCap = caps[index]
            store?.save(settings)
        }
        scene.drawReadout(width: width, scale: scale)
        let rect = OverlayPanel.end()
        if let chosen { asked = chosen }
        return rect
    }

    /// The readout's first line: frames per second, and the scene's cost where it has one.
    private static func rateLine(fps: Double, cost: (milliseconds: Double, label: String)?, compact: Bool) -> String {
        guard let cost else { return localized("%4.0f fps", fps) }
        return localized(compact ? "%4.0f fps · %6.2f ms %@" : "%4.0f fps · %6.2f ms %@ per frame", fps, cost.milliseconds, cost.label)
    }

    /// A drop-down labelled `label` (after "##": an ID, not shown) over `items`; the index
    /// picked this frame, if any.
    private func combo(_ label: String, _ items: [String], chosen: Int?, width: Float) -> Int? {
        var index = Int32(chosen ?? 0)
        let copies = items.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return ui_combo(label, &index, pointers, Int32(pointers.count), width) ? Int(index) : nil
    }

    /// Shows the overlay in `language` from the next frame on, and keeps it for the next run.
    private func choose(_ language: Language) {
        guard language != Language.current else { return }
        Language.current = language
        settings.language = language
        store?.save(settings)
        toast = Toast(language.nativeName)
        overlay.reportMissingGlyphs()
    }

    /// The frame rate the readout and the trace show: this machine's drawing rate, but a clip's
    /// own in a clip, whose frames play at that rate whatever it took to draw them ("9 fps" in a
    /// 60 fps clip read as a contradiction).
    private var readoutFPS: Double { Self.readoutFPS(measured: fps.value, recording: recorder != nil) }

    static func readoutFPS(measured: Double, recording: Bool) -> Double {
        recording ? Double(ClipRecorder.framesPerSecond) : measured
    }

    // MARK: input

    /// Two presses of the left button within this many seconds and a few units are a double click.
    static let doubleClickSeconds = 0.4

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double) {
        lastInput = Window.time
        guard let scene else { return }
        // A press on a panel (where it stood last frame) or with a popup open is the overlay's.
        // Not ImGui's own flag alone: it lags a frame behind a pointer that moves off a panel and
        // presses at once. The help panel is in no list of panels, so its flag counts there.
        if pressed && (panels.contains { $0.contains(x: x, y: y) } || ui_popup_open() || (showHelp && ui_wants_mouse())) { return }
        if pressed && button == .left {
            let now = Window.time
            if let last = lastClick, now - last.time < Self.doubleClickSeconds, abs(x - last.x) < 4, abs(y - last.y) < 4 {
                lastClick = nil
                scene.doubleClicked(x: x, y: y)
                return
            }
            lastClick = (now, x, y)
        }
        scene.mouseButton(button, pressed: pressed, x: x, y: y)
    }

    func mouseMoved(x: Double, y: Double) {
        lastInput = Window.time
        scene?.mouseMoved(x: x, y: y)
    }

    func scrolled(by steps: Double, x: Double, y: Double) {
        lastInput = Window.time
        guard !ui_wants_mouse() else { return }
        scene?.scrolled(by: steps, x: x, y: y)
    }

    func key(_ key: Int32, modifiers: Int32) {
        lastInput = Window.time
        // Keys typed into a widget (a slider's Ctrl+click text box; Esc cancels it) are its own;
        // Esc closes an open drop-down or colour picker rather than quitting.
        guard !ui_wants_keyboard(), let scene else { return }
        if key == GLFW_KEY_ESCAPE && ui_popup_open() {
            ui_close_popups()
            return
        }
        if scene.key(key, modifiers: modifiers) { return }
        switch key {
        case GLFW_KEY_TAB: asked = kind.next
        case GLFW_KEY_F11: window.toggleFullscreen()
        case GLFW_KEY_V:
            window.toggleVsync()
            toast = Toast(localized(window.vsync ? "vsync on" : "vsync off"))
        case GLFW_KEY_F12:
            do {
                screenshot = (try Screenshot.defaultPath(at: Date()), false)
            } catch {
                Notices.post("\(error)")
            }
        case GLFW_KEY_H: overlayVisible.toggle()
        case GLFW_KEY_L: choose(Language.current.next)
        case GLFW_KEY_F1: showHelp.toggle()
        case GLFW_KEY_ESCAPE: window.shouldClose = true
        default: break
        }
    }
}
