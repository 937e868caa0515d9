import Foundation
import ImGuiBridge
import SandGL
import SandSim

/// What the hourglass's panels show this frame.
struct OverlayModel {
    var phase: TimerPhase
    var elapsed: Float
    var duration: Float
    var settings: HourglassSettings
    /// The pile on screen; the settings may already ask for another at the next start.
    var active: GrainSettings
    /// The counts the shown mode offers on this GL.
    var countRange: ClosedRange<Int>
    /// Three hourglasses side by side: no mode picker, the CPU's count range.
    var comparing = false
    var paused = false
    /// A hand holds the glass (a drag): short of the quarter turn it is not flipping yet.
    var held = false
    /// Let go short of the quarter turn, the glass swings back upright: not a flip either.
    var swingingBack = false
    /// `--autostart` flips in this many wall seconds, once the fresh pile has settled: said, as
    /// on a slow machine the wait may take a minute.
    var startsIn: Float?
    /// Beside the count: "fits this machine", or what a larger count costs here.
    var countNote: String?
}

/// The text a slider's box hands over on Enter.
struct TypedBox {
    static let size: Int32 = 64
    var characters = [CChar](repeating: 0, count: Int(size))

    var text: String { String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }

    /// The events a reading of the text asks for: the value, and what to tell the person.
    func events<Value>(_ reading: TypedEntry.Reading<Value>, _ event: (Value) -> HourglassEvent) -> [HourglassEvent] {
        [reading.value.map(event), reading.message.map(HourglassEvent.tell)].compactMap { $0 }
    }
}

/// What the overlay drew: the user's requests, and where its panels stand, so the scene can
/// keep the hourglass clear of them.
struct OverlayFrame {
    var events: [HourglassEvent] = []
    var panels: [ScreenRect] = []
}

/// The original's screen, laid out for a desktop window with Dear ImGui: colour toggle top
/// left; mode, count and size top right; the digital timer at the top; the pile and the drain
/// chart in the shared readout bottom left; duration, presets and Start/Reset bottom right.
/// Below 1000 units wide the timer joins the colour toggle in the top-left panel and controls
/// and lines shrink, down to 640 × 400. Every control is always enabled.
enum HourglassOverlay {
    static func draw(_ model: OverlayModel, width: Float, height: Float, scale: Float) -> OverlayFrame {
        var frame = OverlayFrame()
        let margin = 12 * scale
        let compact = width < 1000 * scale
        let sliderWidth = min(max(width * 0.2, 110 * scale), 200 * scale)
        let timerScale = min(1, max(0.55, min(width / (1000 * scale), height / (700 * scale))))
        func end() {
            frame.panels.append(OverlayPanel.end())
        }

        if compact {
            ui_begin_panel("timer", margin, margin, 0, 0, 0.55)
            timer(model, scale: timerScale)
            colours(model, into: &frame.events)
            end()
        } else {
            ui_begin_panel("colours", margin, margin, 0, 0, 0.55)
            colours(model, into: &frame.events)
            end()
            ui_begin_panel("timer", width / 2, margin, 0.5, 0, 0.45)
            timer(model, scale: timerScale)
            end()
        }

        ui_begin_panel("grains", width - margin, margin, 1, 0, 0.55)
        if model.comparing {
            ui_text(localized(compact ? "CPU, GPU, Instanced" : "CPU, GPU and Instanced side by side"))
        } else {
            for mode in PhysicsMode.allCases {
                if ui_radio(localized(mode.displayName), mode == model.settings.mode), mode != model.settings.mode { frame.events.append(.select(mode)) }
                if mode != PhysicsMode.allCases.last { ui_same_line() }
            }
        }
        let mode = model.settings.mode
        var count = Int32(model.settings.count(for: mode))
        // Logarithmic, as the timer's: tens to tens of thousands on one track.
        var typedCount = TypedBox()
        switch ui_slider_int_log_typed(localized("grains"), &count, Int32(model.countRange.lowerBound), Int32(model.countRange.upperBound), sliderWidth,
                                       &typedCount.characters, TypedBox.size) {
        case UISliderMoved: frame.events.append(.count(Int(count)))
        case UISliderTyped: frame.events += typedCount.events(TypedEntry.count(typedCount.text, range: model.countRange, mode: model.comparing ? .cpu : model.settings.mode), HourglassEvent.count)
        default: break
        }
        if let note = model.countNote { OverlayPanel.hint(note) }
        var size = model.settings.size(for: mode)
        if ui_slider_float(localized("size"), &size, GrainSizing.sizeRange.lowerBound, GrainSizing.sizeRange.upperBound, "%.2f×", sliderWidth) {
            frame.events.append(.size((size / GrainSizing.sizeStep).rounded() * GrainSizing.sizeStep))
        }
        if ui_button(localized("Defaults"), (compact ? 66 : 80) * scale) { frame.events.append(.defaults) }
        // Beside the button, not above it: the panel hangs from the window's top edge, and a
        // line that came and went there moved the button under the pointer; its room is kept
        // while it is away, so the panel's width, and the sliders, stay put.
        let pending = localized(compact ? "applies at next start" : "applies at the next start or reset")
        ui_same_line()
        if model.settings.grainSettings != model.active { OverlayPanel.hint(pending) } else { ui_room(ui_text_width(pending), 1) }
        end()

        ui_begin_panel("duration", width - margin, height - margin, 1, 1, 0.55)
        // At the top: the panel stands on the window's bottom edge, so advice that comes and
        // goes there moves none of the controls under the pointer.
        limit(model, into: &frame.events)
        var duration = model.settings.duration
        let range = HourglassTimer.durationRange
        var typedDuration = TypedBox()
        switch ui_slider_float_log_typed(localized("timer"), &duration, range.lowerBound, range.upperBound, "%.0f", DurationText.shown(duration),
                                         DurationText.widest, sliderWidth * (compact ? 1 : 1.2), &typedDuration.characters, TypedBox.size) {
        case UISliderMoved: frame.events.append(.duration(DurationText.snapped(duration)))
        case UISliderTyped: frame.events += typedDuration.events(TypedEntry.duration(typedDuration.text), HourglassEvent.duration)
        default: break
        }
        // One row of presets, or two of three where the window is narrow, as wide as the widest
        // label needs ("10 分钟" was cut at 52).
        let perRow = compact ? 3 : HourglassTimer.presets.count
        let labels = HourglassTimer.presets.map(DurationText.shown)
        let width = compact ? max(52 * scale, labels.map { ui_button_width($0) }.max() ?? 0) : 0
        for (index, (preset, label)) in zip(HourglassTimer.presets, labels).enumerated() {
            if index % perRow != 0 { ui_same_line() }
            if ui_button(label, width) { frame.events.append(.duration(preset)) }
        }
        let busy = model.phase == .flipping || model.phase == .running
        if ui_button(localized(busy ? "Reset" : "Start"), (compact ? 66 : 80) * scale) { frame.events.append(.startOrReset) }
        ui_same_line()
        if ui_button(localized(model.paused ? "Resume" : "Pause"), (compact ? 66 : 80) * scale) { frame.events.append(.pause) }
        if !compact { ui_same_line() }
        var chime = model.settings.chime, notify = model.settings.notify
        if ui_checkbox(localized("chime"), &chime) { frame.events.append(.chime(chime)) }
        ui_same_line()
        if ui_checkbox(localized("notify"), &notify) { frame.events.append(.notify(notify)) }
        end()

        return frame
    }

    /// The hourglass's lines in the shared readout: the pile on screen, the hint, the drain chart.
    static func readout(active: GrainSettings, renderer: String, comparing: Bool, drain: [(elapsed: Float, upper: Int)],
                        duration: Float, slowMotion: Float, width: Float, scale: Float) {
        let compact = width < 1000 * scale
        if slowMotion < Self.slowMotionShown {
            ui_text_colored(localized(compact ? "slow motion ×%.2f" : "slow motion ×%.2f: physics can't keep up", slowMotion), 0.95, 0.55, 0.35)
        }
        if !comparing {
            let mode = localized(active.mode.displayName)
            ui_text(width < 900 * scale ? localized("%@ grains · %@", NumberText.whole(active.count), mode) : localized("%@ grains · %@ · %@", NumberText.whole(active.count), mode, renderer))
        }
        OverlayPanel.hint(localized(compact ? "F1 keys · drag to flip" : "F1 keys · drag the hourglass to flip it"))
        if !comparing {
            let times = drain.map(\.elapsed), upper = drain.map { Float($0.upper) }
            ui_drain_chart(times, upper, Int32(times.count), Float(active.count), duration, (compact ? 150 : 200) * scale, (compact ? 36 : 48) * scale)
        }
    }

    /// Where the chosen count cannot keep the chosen duration (DurationLimits): says so, and
    /// offers the smallest count that can, rather than run a timer the sand cannot keep.
    private static func limit(_ model: OverlayModel, into events: inout [HourglassEvent]) {
        let count = model.settings.count(for: model.settings.mode)
        guard !DurationLimits.canKeep(duration: model.settings.duration, count: count) else { return }
        let duration = DurationText.shown(model.settings.duration)
        guard let suggested = DurationLimits.suggestedCount(duration: model.settings.duration, in: model.countRange) else {
            ui_text_colored(localized("%@ grains can't keep %@", NumberText.whole(count), duration), 0.95, 0.55, 0.35)
            return
        }
        ui_text_colored(localized("%@ grains can't keep %@; %@ can", NumberText.whole(count), duration, NumberText.whole(suggested)), 0.95, 0.55, 0.35)
        if ui_button(localized("use %@", NumberText.whole(suggested)), 0) { events.append(.count(suggested)) }
    }

    /// Below this the readout says the sand runs in slow motion: a steady shortfall, not one
    /// late frame's.
    static let slowMotionShown: Float = 0.97

    private static func timer(_ model: OverlayModel, scale: Float) {
        ui_timer_text(clock(model.elapsed), 0.93, 0.80, 0.52, scale)
        let phase = if let wait = model.startsIn, model.phase == .resting, !model.paused {
            localized("settling, starts in %@ s", String(format: wait < 10 ? "%.1f" : "%.0f", wait))
        } else {
            localized(model.paused ? "paused" : phaseLabel(model.phase, held: model.held, swingingBack: model.swingingBack))
        }
        ui_text_colored(localized("%@ · %@ timer", phase, clock(model.duration)), 0.75, 0.68, 0.58)
    }

    /// The colour toggle, and the grains' shape: round impostors or the icosphere mesh.
    private static func colours(_ model: OverlayModel, into events: inout [HourglassEvent]) {
        var random = model.settings.randomColors
        if ui_checkbox(localized("Random colours"), &random) { events.append(.randomColors(random)) }
        for shape in GrainShape.allCases {
            let round = shape == .impostor
            if ui_radio(localized(round ? "round grains" : "icospheres"), shape == model.settings.grainShape), shape != model.settings.grainShape {
                events.append(.grainShape(shape))
            }
            if shape != GrainShape.allCases.last { ui_same_line() }
        }
    }

    static func clock(_ seconds: Float) -> String {
        let tenths = Int((max(seconds, 0) * 10).rounded(.down))
        return String(format: "%02d:%02d.%d", tenths / 600, tenths / 10 % 60, tenths % 10)
    }

    static func phaseLabel(_ phase: TimerPhase, held: Bool = false, swingingBack: Bool = false) -> String {
        switch phase {
        case .resting: "ready"
        case .flipping: held ? "in the hand" : swingingBack ? "swinging back" : "flipping"
        case .running: "running"
        case .complete: "done"
        }
    }
}
