import ArgumentParser
import Foundation
import SandGL
import GLSupport
import SandSim
import Sparkles
import Titanium
import Waves

/// The default command: the hourglass in a window. With no display it says so and runs the
/// headless simulation instead.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the hourglass, or another scene, in a window (the default command)."
    )

    @OptionGroup(title: "Scene") var choice: SceneChoice

    @Option(help: "The overlay's language: \(Language.allCases.map(\.rawValue).joined(separator: ", ")) (default: the one last picked, else the desktop's).")
    var language: Language?

    @OptionGroup(title: "Hourglass") var hourglass: HourglassOptions
    @OptionGroup(title: "Waves") var waves: WavesOptions
    @OptionGroup(title: "Sparkles") var sparkles: SparklesOptions
    @OptionGroup(title: "Titanium") var titanium: TitaniumOptions

    @Option(help: "Render --frames frames of 1/60 s, save the window as this picture (PNG, or JPEG or BMP by the name's extension), and exit.", completion: .file())
    var screenshot: String?

    @Option(help: "Record a clip of --seconds at 60 frames of simulated time a second, however fast this machine draws: a video (.mp4, .mkv, .mov, .webm; needs ffmpeg) or, for any other name, a folder of PNG frames.", completion: .file())
    var record: String?

    @Option(parsing: .unconditional, help: "Seconds of simulated time to --record (default 10).")
    var seconds: Double?

    @Flag(name: .customLong("hide-overlay"), help: "Start with the overlay hidden (as H does): the scene alone, for screenshots.")
    var hideOverlay = false

    @Option(parsing: .unconditional, help: "Frames of 1/60 s to render before the screenshot (default 120); only with --screenshot.")
    var frames: Int?

    @Option(parsing: .unconditional, help: "Window size in screen units, WIDTHxHEIGHT (default: 1280x800).", transform: Self.windowSize)
    var window: (width: Int, height: Int)?

    @Option(name: .customLong("quit-after"), parsing: .unconditional, help: "Quit cleanly after this many seconds of wall-clock time.",
            transform: { text in
                // Said with the range, as a count's refusal is: 'abc' alone said nothing of what was wanted.
                guard let seconds = Double(text) else { throw ValidationError("give \(quitAfterWanted)") }
                return seconds
            })
    var quitAfter: Double?
    /// The longest `--quit-after`: a day.
    static let longestQuitAfter: Double = 86_400
    static let quitAfterWanted = "a number of seconds above 0 and at most \(Int(longestQuitAfter))"

    @Option(name: .customLong("fps-cap"), parsing: .unconditional, help: "Frames a second at most, \(ShellSettings.fpsCapRange.lowerBound)–\(ShellSettings.fpsCapRange.upperBound), or 0 for no cap (kept for the next runs).")
    var fpsCap: Int?

    func validate() throws {
        let settings = try resolvedSettings(base: HourglassSettings())
        let mode = hourglass.compare ? PhysicsMode.cpu : settings.mode
        try validateGrains(mode: mode, count: settings.count(for: mode), size: settings.size(for: mode))
        try hourglass.duration?.validate()
        if let frames {
            guard screenshot != nil else { throw ValidationError("--frames only counts frames before a --screenshot; give --screenshot FILE too") }
            guard frames > 0 else { throw ValidationError("--frames \(frames) must be at least 1") }
        }
        if let screenshot { try ArgumentChecks.pictureFile(screenshot, option: "--screenshot") }
        if let record {
            guard screenshot == nil else { throw ValidationError("--record and --screenshot both end the run: give one of them") }
            if ClipRecorder.isVideo(record) {
                try ArgumentChecks.outputFile(record, option: "--record")
                guard ClipRecorder.encoder() != nil else {
                    throw ValidationError("--record \(record): ffmpeg is not installed (apt install ffmpeg); give a folder instead for PNG frames")
                }
            } else if record.isEmpty {
                throw ValidationError("--record needs a file or folder name")
            } else if ["png", "jpg", "jpeg", "bmp", "gif"].contains(URL(fileURLWithPath: record).pathExtension.lowercased()) {
                throw ValidationError("--record \(record): a clip is a video (.mp4, .mkv, .mov, .webm) or a folder of PNG frames (a name without a picture's extension)")
            }
            if quitAfter != nil { throw ValidationError("--record ends after --seconds; --quit-after would cut the clip short") }
        }
        if let seconds {
            guard record != nil else { throw ValidationError("--seconds is the length of a --record clip; give --record FILE too") }
            guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds \(String(format: "%g", seconds)) is not a number of seconds above 0 and at most 3600") }
        }
        if let trace = hourglass.trace { try ArgumentChecks.outputFile(trace, option: "--trace") }
        if hourglass.traceStages, hourglass.trace == nil { throw ValidationError("--trace-stages times the trace's stages; give --trace FILE too") }
        if hourglass.compare, let mode = hourglass.grains.mode {
            throw ValidationError("--compare shows CPU, GPU and Instanced side by side; --mode \(mode.rawValue) picks one: give one of them")
        }
        if let quitAfter, !(quitAfter > 0 && quitAfter <= Self.longestQuitAfter) {
            throw ValidationError("--quit-after \(String(format: "%g", quitAfter)) is not \(Self.quitAfterWanted)")
        }
        if let fpsCap, fpsCap != 0, !ShellSettings.fpsCapRange.contains(fpsCap) {
            throw ValidationError("--fps-cap \(fpsCap) is outside \(ShellSettings.fpsCapRange.lowerBound)–\(ShellSettings.fpsCapRange.upperBound) (0: no cap)")
        }
        if try TurnOption.hand(hourglass.turns) != nil, hourglass.autostart { throw ValidationError("--autostart and --turn both turn the glass: give one of them") }
        for group in [hourglass, waves, sparkles, titanium] as [any SceneOptions] { try group.check(for: choice.scene) }
        _ = try sparkles.script()
    }

    /// Saved settings with this run's options on top.
    func resolvedSettings(base: HourglassSettings) throws -> HourglassSettings {
        var settings = base
        if let mode = hourglass.grains.mode { settings.mode = mode }
        // The comparison runs every mode with the CPU mode's count and size.
        let target = hourglass.compare ? PhysicsMode.cpu : settings.mode
        if let count = hourglass.grains.count { settings.counts[target] = count }
        if let size = hourglass.grains.size { settings.sizes[target] = size }
        if let duration = hourglass.duration { settings.duration = duration.seconds }
        if hourglass.colors { settings.randomColors = true }
        if let grainShape = hourglass.grainShape { settings.grainShape = grainShape }
        return settings
    }

    static func windowSize(_ text: String) throws -> (width: Int, height: Int) {
        let parts = ArgumentChecks.numbers(text.lowercased(), separator: "x").map { $0.flatMap { Int(exactly: $0) } }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (Window.minimumSize.width...8192).contains(width), (Window.minimumSize.height...8192).contains(height) else {
            throw ValidationError("give WIDTHxHEIGHT from \(Window.minimumSize.width)x\(Window.minimumSize.height) to 8192x8192")
        }
        return (width, height)
    }

    func run() throws {
        // Screenshot runs leave the user's saved settings alone.
        // A screenshot or a clip shows the same picture on any machine: the command line's
        // settings on the defaults, nothing saved, nothing measured.
        let saving = screenshot == nil && record == nil
        let store = saving ? SettingsStore<HourglassSettings>.standard() : nil
        let shellStore = saving ? SettingsStore<ShellSettings>.standard() : nil
        var shellSettings = shellStore?.load() ?? ShellSettings()
        // A screenshot run shows the same picture on any machine: English unless asked.
        Language.current = language ?? (saving ? shellSettings.language ?? Language.preferred() : .english)
        var settings = try resolvedSettings(base: store?.load() ?? HourglassSettings())
        let shaders = try ShaderSource.locate(probe: "hourglass/contact_solve.comp")
        let (width, height) = window ?? (1280, 800)
        let window: Window
        do {
            window = try Window(title: "ShiftingSands", width: width, height: height)
        } catch {
            if !saving {
                throw CommandError("\(error); a screenshot or a clip is drawn in a window: on a machine without a display, start Xvfb (Xvfb :99 &) and run with DISPLAY=:99")
            }
            // Only the plain hourglass has a headless twin (`simulate`); anything else asked
            // of the window is not quietly replaced by it.
            let windowOnly = choice.scene != .hourglass ? "the \(choice.scene.rawValue) scene is drawn in a window" : hourglass.compare ? "--compare shows three glasses in a window" : nil
            if let windowOnly {
                throw CommandError("\(error); \(windowOnly): on a machine without a display, start Xvfb (Xvfb :99 &) and run with DISPLAY=:99")
            }
            let mode = settings.mode
            Console.progress("shifting-sands: \(error); running the headless simulation instead, with the window's settings " +
                             "(\(mode.rawValue), \(settings.count(for: mode)) grains, size \(settings.size(for: mode)), \(DurationText.shown(settings.duration)) timer)" +
                             (hourglass.trace == nil ? "" : "; --trace is the window's frames and is not written (simulate --trace writes the run's)"))
            try runHeadless(settings)
            return
        }
        // The cap is the window's: kept only once there is one (a run that fell back to the
        // headless simulation would leave the next window capped).
        if let fpsCap {
            shellSettings.fpsCap = fpsCap == 0 ? nil : fpsCap
            shellStore?.save(shellSettings)
        }
        // The icon the desktop shows for the window, drawn as `icon` draws it.
        window.setIcon(try AppIcon.images(sizes: [48, 128], shaders: .hourglass(in: shaders)))
        if let count = hourglass.grains.count, !hourglass.compare, case let range = SandModes.countRange(settings.mode, gl: true), count > range.upperBound {
            throw CommandError("--count \(NumberText.whole(count)) is more than this GL (\(GLInfo.current().renderer)) holds in \(settings.mode.displayName) mode: at most \(NumberText.whole(range.upperBound))")
        }
        // Counts that fit this machine, measured once per renderer; a screenshot run keeps the
        // fallback, so it shows the same picture on any machine.
        // The overlay starts first: the measuring frames say on screen what they are.
        let overlay = try OverlayContext(window: window)
        let fit = saving ? try machineFit(&shellSettings, store: shellStore, window: window, shaders: shaders) : nil
        if let fit { settings.fittedCounts = fit.defaultCounts() }
        // Side by side without --count: the count the three keep together, not the CPU's alone
        // (also what Defaults brings back there), while the CPU's own stays saved.
        if hourglass.compare && hourglass.grains.count == nil {
            settings.comparisonCount = fit?.comparisonCount ?? MachineFit.fallbackCount
            settings.fittedCounts[.cpu] = settings.comparisonCount
        }
        let hand = try TurnOption.hand(hourglass.turns)
        let sparkleScript = try sparkles.script(), titaniumScript = titanium.script
        let hourglassSettings = settings
        let windowTrace = try hourglass.trace.map { try WindowTrace(path: $0, modes: hourglass.compare ? PhysicsMode.allCases : [settings.mode]) }
        let alerts = DesktopAlerts()
        // Each scene is made once: one left for another is kept aside as it was (AppShell).
        let makeScene: AppShell.SceneFactory = { kind in
            switch kind {
            case .hourglass:
                let scene = try HourglassScene(window: window, settings: hourglassSettings, store: store,
                                               shaders: .hourglass(in: shaders), alerts: alerts, compare: hourglass.compare, autostart: hourglass.autostart,
                                               pacing: saving, trace: windowTrace, hand: hand, fit: fit)
                if let orbit = hourglass.orbit { scene.orbit(yawDegrees: orbit.yaw, pitchDegrees: orbit.pitch) }
                return scene
            case .waves:
                let store = saving ? SettingsStore<WaveParameters>.standard() : nil
                return try WavesScene(window: window, parameters: store?.load() ?? .defaults, store: store,
                                      shaders: ShaderSource.waves(in: shaders), pokes: waves.pokes)
            case .sparkles:
                let store = saving ? SettingsStore<SparkleParameters>.standard() : nil
                return try SparklesScene(window: window, parameters: store?.load() ?? .defaults, store: store,
                                         shaders: ShaderSource.sparkles(in: shaders), script: sparkleScript)
            case .titanium:
                let store = saving ? SettingsStore<TitaniumParameters>.standard() : nil
                return try TitaniumScene(window: window, parameters: store?.load() ?? .defaults, store: store,
                                         shaders: ShaderSource.titanium(in: shaders), script: titaniumScript)
            }
        }
        // The app's GL objects must go before ImGui's, and those before the window and its context.
        try withExtendedLifetime((window, overlay)) {
            let app = try AppShell(window: window, overlay: overlay, scene: choice.scene, overlayVisible: !hideOverlay, settings: shellSettings, store: shellStore,
                                   stagesWaitForGL: hourglass.traceStages, makeScene: makeScene)
            let recorder = record.map(ClipRecorder.init)
            let clipFrames = recorder.map { _ in Int(((seconds ?? 10) * Double(ClipRecorder.framesPerSecond)).rounded()) }
            try app.run(frames: clipFrames ?? (screenshot == nil ? nil : frames ?? 120), screenshot: screenshot, recorder: recorder, quitAfter: quitAfter)
            try recorder?.finish()
            if let recorder { Console.progress("recorded \(recorder.frames) frames (\(String(format: "%g", Double(recorder.frames) / Double(ClipRecorder.framesPerSecond))) s at \(ClipRecorder.framesPerSecond) fps) to \(recorder.path)") }
            try windowTrace?.close()
        }
    }

    /// What this machine's renderer costs: kept in app.json, measured where none was kept for
    /// this renderer (two seconds or so, drawn in the window).
    private func machineFit(_ shellSettings: inout ShellSettings, store: SettingsStore<ShellSettings>?, window: Window, shaders: ShaderSource) throws -> MachineFit {
        let renderer = GLInfo.current().renderer
        if let kept = shellSettings.machineFit, kept.renderer == renderer { return kept }
        Console.progress("shifting-sands: measuring how many grains this machine draws in real time, once for its renderer (\(renderer)), a few seconds")
        // The title too says what the sand on screen is doing, for a window seen in a task bar.
        window.title = localized("Measuring this machine, a few seconds… · ShiftingSands")
        let size = window.framebufferSize, units = window.size, scale = Float(window.contentScale)
        var step: MachineFit.Step?
        let fit = try MachineFit.measure(shaders: .hourglass(in: shaders), target: (0, size.width, size.height), present: {
            if let step { MeasuringPanel.draw(step, width: Float(units.width), height: Float(units.height), scale: scale) }
            window.swapBuffers()
        }, measuring: { step = $0 })
        shellSettings.machineFit = fit
        store?.save(shellSettings)
        return fit
    }

    private func runHeadless(_ settings: HourglassSettings) throws {
        let simulate = try SimulateCommand.parse([
            "--mode", settings.mode.rawValue, "--count", String(settings.count(for: settings.mode)),
            "--size", String(settings.size(for: settings.mode)), "--duration", String(settings.duration),
        ] + (hourglass.turns.isEmpty ? [] : ["--turn", TurnOption.arguments(hourglass.turns)]))
        try simulate.run()
    }
}
