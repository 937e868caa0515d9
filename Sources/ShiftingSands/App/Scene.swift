import ArgumentParser
import GLSupport

/// The scenes the window shows, one at a time: `run --scene NAME`, the picker in the readout
/// panel, or Tab.
enum SceneKind: String, CaseIterable, ExpressibleByArgument {
    case hourglass, waves, sparkles, titanium

    var title: String {
        switch self {
        case .hourglass: "Hourglass"
        case .waves: "Waves"
        case .sparkles: "Sparkles"
        case .titanium: "Titanium"
        }
    }
}

enum MouseButton {
    case left, right
}

/// What differs between scenes: the simulation and its drawing, the scene's panels and readout
/// lines, its input and its settings. AppShell owns the rest: the window and its frame loop, the
/// shared readout, help, toasts and screenshots.
protocol Scene: AnyObject {
    /// The keys and mouse actions the scene answers, for the help panel.
    var keys: [(String, String)] { get }
    /// The readout's cost line: milliseconds a frame and what they measure ("physics", "GPU",
    /// in the overlay's language); nil shows frames per second alone.
    var cost: (milliseconds: Double, label: String)? { get }

    /// Advances the scene by `dt` seconds and draws it into the window's framebuffer
    /// (`width` × `height` pixels). `waited`: of `dt`, the seconds the window idled for its frame
    /// cap, which measure no work. `fps`: the frames this machine draws a second, as the shell's
    /// readout shows them. `panels`: where the overlay stood last frame, in window units,
    /// for a scene that keeps clear of it. `stages`: where the scene's part of the frame goes.
    /// An error thrown here (an engine that cannot start) ends the app with its message.
    func frame(dt: Float, waited: Float, fps: Double, width: Int, height: Int, panels: [ScreenRect], stages: FrameStages) throws
    /// The frame is on screen and the cap's wait over: `stages` holds the whole frame.
    func frameEnded(stages: FrameStages) throws
    /// Advances the scene by `dt` seconds while another is on screen, drawing nothing: an
    /// hourglass's running timer keeps time and rings. The others wait as they were left.
    func advanceUnseen(dt: Float) throws
    /// The scene's own overlay panels in the window (window units, `scale` pixels each) with
    /// last frame's panels; returns where they stand.
    func drawPanels(in room: PanelRoom, scale: Float) -> [ScreenRect]
    /// The scene's lines in the shared readout panel, under the frame rate (window `width` in
    /// units of `scale` pixels).
    func drawReadout(width: Float, scale: Float)

    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double)
    func mouseMoved(x: Double, y: Double)
    func scrolled(by steps: Double, x: Double, y: Double)
    func doubleClicked(x: Double, y: Double)
    /// Whether the scene took the key.
    func key(_ key: Int32, modifiers: Int32) -> Bool
    /// Saves the scene's settings (after a change, on a switch and at quit).
    func save()
    /// Frames a second the scene needs at most just now while the window is left alone (a long
    /// timer's thin stream), to spare the processor; nil: as many as the window's cap allows.
    var frameCap: Int? { get }
}

extension Scene {
    var frameCap: Int? { nil }
    func frameEnded(stages: FrameStages) throws {}
    func advanceUnseen(dt: Float) throws {}
    func scrolled(by steps: Double, x: Double, y: Double) {}
    func doubleClicked(x: Double, y: Double) {}
}
