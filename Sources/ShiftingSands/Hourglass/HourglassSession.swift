import GLSupport
import SandGL
import SandSim

/// The hourglass app as it runs, without a window or GL: the settings, the counts each mode
/// takes on this machine, one timer, and the hourglasses that follow it (one, or CPU, GPU and
/// Instanced side by side). It takes `HourglassEvent`s, advances by the frames the window gives
/// it, and gives back what to draw (`glasses`, `timer`), what to save (`takeSettingsToSave`) and
/// what to tell (`takeNotices`). With no shaders every glass runs on the CPU engine, as the
/// tests run it.
final class HourglassSession {
    private(set) var settings: HourglassSettings
    /// Left to right; in a comparison CPU, GPU, Instanced, with the CPU mode's count and size.
    private(set) var glasses: [Simulation]
    let comparing: Bool
    /// The one timer: changed here once, then handed to every glass, which run it on alike.
    var timer: HourglassTimer { glasses[0].timer }
    private(set) var isPaused = false
    /// The counts each mode offers here.
    let countRanges: [PhysicsMode: ClosedRange<Int>]
    /// The simulated second at which to flip by itself, once the fresh pile has settled.
    private var autostartAt: Double?
    /// The wall seconds left before `--autostart` flips the glass, while it waits: its simulated
    /// seconds at the slow motion of late frames (in slow motion, 2 s took 35 here).
    var autostartIn: Float? { autostartAt.map { Float(max($0 - clock, 0)) / max(slowMotion, 0.01) } }
    /// A scripted hand on the glass (`run --turn`), on the simulated clock.
    private var hand: ScriptedHand?
    /// Frames cover the wall clock's time (nil: each frame covers the time it is given, as
    /// screenshot runs' fixed frames do).
    private var pacer: FramePacer?
    private var settingsChanged = false
    private var notices: [String] = []
    /// On a software renderer: side by side, the glasses after the first on threads of their
    /// own; alone, the glass on one while the frame draws (GlassThreads).
    private var threads: GlassThreads?
    private let makeThreads: () -> GlassThreads?
    var advancesOnThreads: Bool { threads != nil }
    /// Whether the glass advances while the frame draws what it presented before: a compute
    /// glass alone on a software renderer, whose tick runs on one core while the drawing would
    /// leave the other idle.
    var advancesWhileDrawing: Bool { threads != nil && !comparing && glasses[0].mode != .cpu }

    /// `comparing`: all three modes with the CPU mode's count and size. `savedSettings`: the
    /// settings came from the user's file, so a count this GL cannot load starts at the mode's
    /// default instead of ending the app. `autostart` flips once the fresh pile has settled, as
    /// the original's `-test` did. `pacing`: frames follow the wall clock. `workerContexts`: GL
    /// contexts sharing the current one's objects, for side by side on a software renderer.
    init(settings: HourglassSettings, comparing: Bool, shaders: ShaderSource?, savedSettings: Bool = false,
         autostart: Bool = false, pacing: Bool = true, hand: ScriptedHand? = nil,
         workerContexts: (() throws -> any WorkerContext)? = nil) throws {
        self.comparing = comparing
        countRanges = Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map { ($0, SandModes.countRange($0, gl: shaders != nil)) })
        var settings = settings
        for mode in PhysicsMode.allCases {
            guard let range = countRanges[mode], settings.count(for: mode) > range.upperBound else { continue }
            notices.append("the saved \(NumberText.whole(settings.count(for: mode))) grains are more than this machine holds in \(mode.displayName) mode (at most \(NumberText.whole(range.upperBound))); starting with its default of \(NumberText.whole(settings.defaultCount(for: mode)))")
            settings.counts[mode] = nil
            settingsChanged = savedSettings
        }
        let modes = comparing ? PhysicsMode.allCases : [settings.mode]
        func build(_ settings: HourglassSettings) throws -> [Simulation] {
            let shown = Self.shownMode(settings, comparing: comparing)
            let timer = HourglassTimer(duration: settings.duration)
            return try modes.map { mode in
                try Simulation(settings: Self.grains(settings.grainSettings(for: shown), in: mode), randomColors: settings.randomColors,
                               timer: timer, shaders: shaders)
            }
        }
        do {
            glasses = try build(settings)
        } catch let error as GLError where savedSettings && !comparing {
            let mode = settings.mode
            notices.append("\(error); starting with \(mode.displayName) mode's default of \(settings.defaultCount(for: mode)) grains")
            settings.counts[mode] = nil
            glasses = try build(settings)
            settingsChanged = true
        }
        self.settings = settings
        autostartAt = autostart ? Double(HeadlessRun.defaultSettleSeconds) : nil
        pacer = pacing ? FramePacer() : nil
        self.hand = hand
        let software = shaders != nil && GLInfo.current().isSoftware
        makeThreads = { [comparing] in
            guard software, let make = workerContexts else { return nil }
            do {
                return try GlassThreads(count: comparing ? modes.count - 1 : 1, makeContext: make)
            } catch {
                Console.progress("shifting-sands: \(error); " + (comparing ? "the glasses side by side advance in turn" : "the glass advances before the frame draws"))
                return nil
            }
        }
        threads = makeThreads()
    }

    deinit {
        // The workers' contexts go before the glasses' programs (changeTimer says why).
        threads = nil
    }

    /// The mode whose count and size the overlay shows and the timer asks for: the chosen
    /// mode's, or the CPU mode's in a comparison.
    private static func shownMode(_ settings: HourglassSettings, comparing: Bool) -> PhysicsMode {
        comparing ? .cpu : settings.mode
    }

    var shownMode: PhysicsMode { Self.shownMode(settings, comparing: comparing) }

    /// The counts the shown mode offers.
    var countRange: ClosedRange<Int> { countRanges[shownMode]! }

    /// `grains` for a glass of `mode`: in a comparison each glass keeps its mode.
    private static func grains(_ grains: GrainSettings, in mode: PhysicsMode) -> GrainSettings {
        GrainSettings(mode: mode, count: grains.count, size: grains.size)
    }

    /// Simulated seconds since the session began.
    var clock: Double { glasses[0].hourglass.clock }

    /// Simulated seconds per wall second: 1 while the sand keeps real time.
    var slowMotion: Float { pacer?.slowMotion ?? 1 }

    /// The settings to save if they changed since last asked.
    func takeSettingsToSave() -> HourglassSettings? {
        defer { settingsChanged = false }
        return settingsChanged ? settings : nil
    }

    /// Lines for the person since last asked.
    func takeNotices() -> [String] {
        defer { notices = [] }
        return notices
    }

    // MARK: time

    /// A frame of `wall` seconds (of which the window idled `waited` for its frame cap): the
    /// autostart and the scripted hand on the simulated clock, then every glass advanced by the
    /// simulated time the frame covers.
    func frame(wall: Float, waited: Float = 0) throws {
        startAdvance(by: try control(wall: wall, waited: waited))
        finishAdvance()
    }

    /// A frame's first part: the autostart and the scripted hand on the simulated clock;
    /// returns the simulated seconds the frame covers.
    func control(wall: Float, waited: Float = 0) throws -> Float {
        if let at = autostartAt, clock >= at {
            autostartAt = nil
            try handle(.start)
        }
        if let moves = hand?.moves(at: Float(clock)), !moves.isEmpty {
            for move in moves { try handle(.hand(move)) }
        }
        return pacer?.simulatedSeconds(wall: wall, waited: waited) ?? wall
    }

    /// Starts advancing every glass by `seconds`; with `advancesWhileDrawing`, on a thread,
    /// and nothing of the session may be touched before `finishAdvance`.
    func startAdvance(by seconds: Float) {
        if let threads, comparing || advancesWhileDrawing {
            threads.start(glasses, by: seconds)
        } else {
            for glass in glasses { glass.advance(by: seconds) }
        }
    }

    /// Waits for the glasses `startAdvance` began, and times the frame's physics.
    func finishAdvance() {
        // Asks the threads, not the glass's mode: the glass is being advanced on a worker, and
        // reading it here raced the worker's writes (a crash in CI's window test).
        guard let threads, threads.isAdvancing else {
            pacer?.record(physics: glasses.map(\.physicsSeconds).reduce(0, +), simulated: glasses[0].lastFrame.seconds)
            return
        }
        let clock = ContinuousClock(), waiting = clock.now
        let span = threads.wait()
        // Side by side the glasses' wall time is the physics; alone, the glass's own time is
        // its cost and only what the frame waited for it held the frame up.
        pacer?.record(physics: comparing ? span : glasses[0].physicsSeconds, simulated: glasses[0].lastFrame.seconds,
                      blocking: comparing ? nil : Float(waiting.duration(to: clock.now).seconds))
    }

    // MARK: events

    func handle(_ event: HourglassEvent) throws {
        // A start, reset or hand of the person's own comes before the autostart's, which would
        // then turn the running glass over again.
        switch event {
        case .start, .startOrReset, .reset, .hand: autostartAt = nil
        default: break
        }
        switch event {
        case .select(let mode):
            // The mode keys, which the help lists, did nothing a new user could see side by side.
            if comparing {
                notices.append(localized("Side by side shows every mode; run without --compare to pick one"))
                return
            }
            guard mode != settings.mode else { return }
            // A mode change restarts at once; its count and size come with it.
            settings.mode = mode
            try changeTimer { $0.reset() }
        case .count(let count):
            // Count and size wait for the next start or reset (changeTimer).
            settings.counts[shownMode] = count
            settings.comparisonCount = nil
        case .size(let size):
            settings.sizes[shownMode] = size
        case .duration(let duration):
            settings.duration = duration
            try changeTimer { $0.request(duration: duration); return [] }
        case .startOrReset:
            let busy = timer.phase == .flipping || timer.phase == .running
            try changeTimer { busy ? $0.reset() : $0.start() }
            return
        case .start:
            try changeTimer { $0.start() }
            return
        case .reset:
            try changeTimer { $0.reset() }
            return
        case .hand(let move):
            // Paused, the sand and the glass stand still; the hand is told so once, as it takes hold.
            guard !isPaused else {
                if move == .takeHold { notices.append(localized("Paused: the glass stays still until Resume")) }
                return
            }
            try changeTimer { $0.follow([move]); return [] }
            return
        case .randomColors(let random):
            settings.randomColors = random
            for glass in glasses { try glass.setRandomColors(random) }
        case .pause:
            isPaused.toggle()
            glasses.forEach { $0.isPaused = isPaused }
            return
        case .chime(let chime):
            settings.chime = chime
        case .notify(let notify):
            settings.notify = notify
        case .defaults:
            try restoreDefaults()
        case .grainShape(let shape):
            settings.grainShape = shape
        case .tell(let line):
            notices.append(line)
            return
        }
        settingsChanged = true
    }

    /// Every setting back to its default. Like the sliders, count and size wait for the next
    /// start; another mode restarts at once.
    /// The grains panel's Defaults: what that panel shows (the mode, each mode's count and
    /// size) back to the defaults; the timer, the colours and the grains' shape, in panels of
    /// their own, stay as they are.
    private func restoreDefaults() throws {
        let defaults = HourglassSettings()
        let modeChanged = !comparing && defaults.mode != settings.mode
        if !comparing { settings.mode = defaults.mode }
        (settings.counts, settings.sizes, settings.comparisonCount) = (defaults.counts, defaults.sizes, nil)
        if modeChanged { try changeTimer { $0.reset() } }
    }

    /// Changes the timer once and hands it to every glass. Each builds a fresh pile in its own
    /// mode with the settings asked for now where the change asks for one (`.freshPile`), and
    /// where the change begins a flip from rest or a finished glass (Start, the hand's hold)
    /// after the settings changed since its pile was built.
    private func changeTimer(_ change: (inout HourglassTimer) -> [TimerAction]) throws {
        var timer = self.timer
        let fromRest = timer.startsFromRest
        let actions = change(&timer)
        let asked = settings.grainSettings(for: shownMode)
        let pending = glasses[0].settings != Self.grains(asked, in: glasses[0].mode)
        let respawn = actions.contains(.freshPile) || (fromRest && timer.flip != nil && pending)
        // A glass in a new mode deletes its engine's programs; a worker's context that ran them
        // keeps llvmpipe's pointer to what it built for them, and its next dispatch crashed on
        // a GPU ↔ Instanced switch. So the threads and their contexts go first and come back.
        let newEngine = respawn && !comparing && asked.mode != glasses[0].mode && threads != nil
        if newEngine { threads = nil }
        for glass in glasses {
            try glass.follow(timer, respawn: respawn ? Self.grains(asked, in: comparing ? glass.mode : asked.mode) : nil)
        }
        if newEngine { threads = makeThreads() }
    }
}
