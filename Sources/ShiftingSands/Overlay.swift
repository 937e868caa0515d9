import Foundation
import ImGuiBridge
import SandSim

/// What the overlay shows this frame.
struct OverlayModel {
    var phase: TimerPhase
    var elapsed: Float
    var duration: Float
    var settings: AppSettings
    /// The pile on screen; the settings may already ask for another at the next start.
    var active: GrainSettings
    var fps: Double
    var physicsMilliseconds: Double
    var renderer: String
    var showHelp: Bool
    /// Three hourglasses side by side: no mode picker, the CPU's count range.
    var comparing = false
}

/// What the user asked for through the overlay.
enum OverlayEvent: Equatable {
    case select(PhysicsMode)
    case count(Int)
    case size(Float)
    case duration(Float)
    case startOrReset
    case randomColors(Bool)
}

/// The original's screen, laid out for a desktop window with Dear ImGui: colour toggle top
/// left; mode, count and size top right; the digital timer at the top; readout bottom left;
/// duration, presets and Start/Reset bottom right. Every control is always enabled.
enum Overlay {
    static let keys = [
        ("Space", "start / flip"), ("R", "reset"), ("1 2 3", "CPU / GPU / Instanced"),
        ("C", "random colours"), ("drag", "turn the hourglass by hand"), ("F11", "fullscreen"),
        ("V", "vsync"), ("F12", "screenshot"), ("H", "hide overlay"), ("F1", "this help"), ("Esc", "quit"),
    ]

    static func draw(_ model: OverlayModel, width: Float, height: Float, scale: Float) -> [OverlayEvent] {
        var events: [OverlayEvent] = []
        let margin = 12 * scale

        ui_begin_panel("colours", margin, margin, 0, 0, 0.55)
        var random = model.settings.randomColors
        if ui_checkbox("Random colours", &random) { events.append(.randomColors(random)) }
        ui_end_panel()

        // Between the top corner panels; in a narrow window, between the bottom ones instead.
        let narrow = width < 1000 * scale
        ui_begin_panel("timer", width / 2, narrow ? height - margin : margin, 0.5, narrow ? 1 : 0, 0.45)
        ui_timer_text(clock(model.elapsed), 0.93, 0.80, 0.52)
        ui_text_colored("\(phaseLabel(model.phase)) · \(clock(model.duration)) timer", 0.75, 0.68, 0.58)
        ui_end_panel()

        ui_begin_panel("grains", width - margin, margin, 1, 0, 0.55)
        if model.comparing {
            ui_text("CPU, GPU and Instanced side by side")
        } else {
            for mode in PhysicsMode.allCases {
                if ui_radio(mode.displayName, mode == model.settings.mode), mode != model.settings.mode { events.append(.select(mode)) }
                if mode != PhysicsMode.allCases.last { ui_same_line() }
            }
        }
        let mode = model.settings.mode
        var count = Int32(model.settings.count(for: mode))
        if ui_slider_int("grains", &count, Int32(mode.countRange.lowerBound), Int32(mode.countRange.upperBound), 200 * scale) {
            events.append(.count(Int(count)))
        }
        var size = model.settings.size(for: mode)
        if ui_slider_float("size", &size, GrainSizing.sizeRange.lowerBound, GrainSizing.sizeRange.upperBound, "%.2f×", 200 * scale) {
            events.append(.size((size / GrainSizing.sizeStep).rounded() * GrainSizing.sizeStep))
        }
        if model.settings.grainSettings != model.active {
            ui_text_colored("applies at the next start or reset", 0.7, 0.62, 0.5)
        }
        ui_end_panel()

        ui_begin_panel("readout", margin, height - margin, 0, 1, 0.55)
        if !model.comparing {
            ui_text(String(format: "%.0f fps · %.2f ms physics per frame", model.fps, model.physicsMilliseconds))
            ui_text("\(model.active.count) grains · \(model.active.mode.displayName) · \(model.renderer)")
        }
        ui_text_colored("F1 keys · drag the hourglass to flip it", 0.7, 0.62, 0.5)
        ui_end_panel()

        ui_begin_panel("duration", width - margin, height - margin, 1, 1, 0.55)
        var duration = model.settings.duration
        if ui_slider_float("seconds", &duration, HourglassTimer.durationRange.lowerBound, HourglassTimer.durationRange.upperBound, "%.0f s", 180 * scale) {
            events.append(.duration(duration.rounded()))
        }
        for preset in HourglassTimer.presets {
            if ui_button("\(Int(preset)) s", 54 * scale) { events.append(.duration(preset)) }
            ui_same_line()
        }
        let busy = model.phase == .flipping || model.phase == .running
        if ui_button(busy ? "Reset" : "Start", 80 * scale) { events.append(.startOrReset) }
        ui_end_panel()

        if model.showHelp {
            ui_begin_panel("help", width / 2, height / 2, 0.5, 0.5, 0.85)
            ui_text_colored("Keys", 0.93, 0.80, 0.52)
            ui_separator()
            for (key, action) in keys {
                ui_text(key)
                ui_same_line_at(80 * scale)
                ui_text(action)
            }
            ui_end_panel()
        }
        return events
    }

    static func clock(_ seconds: Float) -> String {
        let tenths = Int((max(seconds, 0) * 10).rounded(.down))
        return String(format: "%02d:%02d.%d", tenths / 600, tenths / 10 % 60, tenths % 10)
    }

    static func phaseLabel(_ phase: TimerPhase) -> String {
        switch phase {
        case .resting: "ready"
        case .flipping: "flipping"
        case .running: "running"
        case .complete: "done"
        }
    }
}
