import CGLFW
import Foundation

/// What the window reports to its owner.
protocol WindowInput: AnyObject {
    func mouseButton(_ button: MouseButton, pressed: Bool, x: Double, y: Double)
    func mouseMoved(x: Double, y: Double)
    /// The wheel: steps up positive.
    func scrolled(by steps: Double, x: Double, y: Double)
    func key(_ key: Int32, modifiers: Int32)
}

/// A GLFW window with an OpenGL 4.3 core context. GLFW wants the main thread, and its callbacks
/// are C functions that find this object again through the window's user pointer.
final class Window {
    let handle: OpaquePointer
    weak var input: WindowInput?
    private(set) var vsync = true
    static let minimumSize = (width: 640, height: 400)
    private var windowedFrame = (x: Int32(0), y: Int32(0), width: Int32(0), height: Int32(0))

    /// Opens the window, or throws a message saying why not (no display, no GL 4.3).
    init(title: String, width: Int, height: Int, visible: Bool = true) throws {
        guard glfwInit() == GLFW_TRUE else {
            throw CommandError("cannot start GLFW: \(Self.lastError() ?? "no display")")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        // Anti-aliasing happens in the scene's own 4× MSAA target, resolved into this one.
        glfwWindowHint(GLFW_SAMPLES, 0)
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        // WM_CLASS, which the desktop entry's StartupWMClass names (scripts/install-desktop).
        glfwWindowHintString(GLFW_X11_CLASS_NAME, Self.className)
        glfwWindowHintString(GLFW_X11_INSTANCE_NAME, AppIcon.name)
        guard let handle = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastError() ?? "unknown"
            glfwTerminate()
            throw CommandError("no OpenGL 4.3 window: \(reason)")
        }
        self.handle = handle
        shownTitle = title
        glfwMakeContextCurrent(handle)
        glfwSwapInterval(1)
        // The overlay's layout holds from here up; smaller, panels cover each other.
        glfwSetWindowSizeLimits(handle, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height), GLFW_DONT_CARE, GLFW_DONT_CARE)
        var (width, height, pixelsWide, pixelsHigh) = (Int32(0), Int32(0), Int32(0), Int32(0))
        glfwGetWindowSize(handle, &width, &height)
        glfwGetFramebufferSize(handle, &pixelsWide, &pixelsHigh)
        size = (Double(width), Double(height))
        framebufferSize = (Int(pixelsWide), Int(pixelsHigh))
        focused = glfwGetWindowAttrib(handle, GLFW_FOCUSED) == GLFW_TRUE
        iconified = glfwGetWindowAttrib(handle, GLFW_ICONIFIED) == GLFW_TRUE
        glfwSetWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks()
    }

    /// The window's X11 class, as the desktop entry's StartupWMClass says it.
    static let className = "ShiftingSands"

    /// The window's icon, in each size given: square RGBA rows from the top (GLFW copies them).
    func setIcon(_ images: [(size: Int, pixels: [UInt8])]) {
        var bytes = images.flatMap(\.pixels)
        bytes.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            var glfwImages = images.map { image -> GLFWimage in
                defer { offset += image.pixels.count }
                return GLFWimage(width: Int32(image.size), height: Int32(image.size), pixels: base + offset)
            }
            glfwSetWindowIcon(handle, Int32(glfwImages.count), &glfwImages)
        }
    }

    deinit {
        glfwDestroyWindow(handle)
        glfwTerminate()
    }

    var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    // The size and the focus are kept as GLFW's callbacks report them while events are handled,
    // not asked for: on X11 each ask waits for the X server, and a frame asked a dozen times
    // (the overlay's backend four), which cost milliseconds a frame on a busy server
    // (docs/BENCHMARKS.md, "Asking the X server").

    /// Size in pixels of the framebuffer (what GL draws into), not the window's screen units.
    private(set) var framebufferSize: (width: Int, height: Int)

    /// Size in window units (what the mouse and the overlay count in).
    private(set) var size: (width: Double, height: Double)

    private var focused: Bool
    private var iconified: Bool

    /// Framebuffer pixels per window unit (2 on a HiDPI screen).
    var contentScale: Double {
        let width = size.width
        return width > 0 ? Double(framebufferSize.width) / width : 1
    }

    func swapBuffers() { glfwSwapBuffers(handle) }

    private var shownTitle = "ShiftingSands"

    /// The window's title, changed only when it differs.
    var title: String {
        get { shownTitle }
        set {
            guard newValue != shownTitle else { return }
            shownTitle = newValue
            glfwSetWindowTitle(handle, newValue)
        }
    }

    /// Whether the person has the window in front: focused and not minimised.
    var isInFront: Bool { focused && !iconified }

    static func pollEvents() { glfwPollEvents() }

    /// Handles events as they come until `time` (Window.time's clock): an idle wait that still
    /// answers the mouse and keys.
    static func waitEvents(until time: Double) {
        while case let left = time - self.time, left > 0 {
            glfwWaitEventsTimeout(left)
        }
    }
    static var time: Double { glfwGetTime() }

    func toggleVsync() {
        vsync.toggle()
        glfwSwapInterval(vsync ? 1 : 0)
    }

    func toggleFullscreen() {
        if glfwGetWindowMonitor(handle) != nil {
            glfwSetWindowMonitor(handle, nil, windowedFrame.x, windowedFrame.y, windowedFrame.width, windowedFrame.height, 0)
            return
        }
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return }
        // Locals, not `&windowedFrame.x, &windowedFrame.y`: two inout accesses to one stored
        // tuple in one call are a Swift exclusivity violation (it trapped on every F11).
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        glfwGetWindowPos(handle, &x, &y)
        glfwGetWindowSize(handle, &width, &height)
        windowedFrame = (x, y, width, height)
        glfwSetWindowMonitor(handle, monitor, 0, 0, mode.pointee.width, mode.pointee.height, mode.pointee.refreshRate)
    }

    static func lastError() -> String? {
        var description: UnsafePointer<CChar>?
        guard glfwGetError(&description) != GLFW_NO_ERROR, let description else { return nil }
        return String(cString: description)
    }

    private static func owner(_ handle: OpaquePointer?) -> Window? {
        guard let handle, let pointer = glfwGetWindowUserPointer(handle) else { return nil }
        return Unmanaged<Window>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Where the pointer was as of the events handled so far. A press is placed where the last
    /// motion left the pointer, not where the pointer is now: on X11 `glfwGetCursorPos` asks the
    /// server, which has already seen the rest of a flick (press, move, release between two
    /// frames), so the press read as made at the end of the move and turned nothing.
    private var pointerSeen: (x: Double, y: Double)?

    private var pointer: (x: Double, y: Double) {
        if let pointerSeen { return pointerSeen }
        var x = 0.0, y = 0.0
        glfwGetCursorPos(handle, &x, &y)
        return (x, y)
    }

    /// Installed before ImGui starts: its GLFW backend then installs its own and calls these after.
    private func installCallbacks() {
        glfwSetWindowSizeCallback(handle) { handle, width, height in
            Window.owner(handle)?.size = (Double(width), Double(height))
        }
        glfwSetFramebufferSizeCallback(handle) { handle, width, height in
            Window.owner(handle)?.framebufferSize = (Int(width), Int(height))
        }
        glfwSetWindowFocusCallback(handle) { handle, focused in
            Window.owner(handle)?.focused = focused == GLFW_TRUE
        }
        glfwSetWindowIconifyCallback(handle) { handle, iconified in
            Window.owner(handle)?.iconified = iconified == GLFW_TRUE
        }
        glfwSetMouseButtonCallback(handle) { handle, button, action, _ in
            guard let window = Window.owner(handle) else { return }
            let which: MouseButton
            switch button {
            case GLFW_MOUSE_BUTTON_LEFT: which = .left
            case GLFW_MOUSE_BUTTON_RIGHT: which = .right
            default: return
            }
            let at = window.pointer
            window.input?.mouseButton(which, pressed: action == GLFW_PRESS, x: at.x, y: at.y)
        }
        glfwSetScrollCallback(handle) { handle, _, steps in
            guard let window = Window.owner(handle) else { return }
            let at = window.pointer
            window.input?.scrolled(by: steps, x: at.x, y: at.y)
        }
        glfwSetCursorPosCallback(handle) { handle, x, y in
            guard let window = Window.owner(handle) else { return }
            window.pointerSeen = (x, y)
            window.input?.mouseMoved(x: x, y: y)
        }
        glfwSetKeyCallback(handle) { handle, key, _, action, modifiers in
            guard action == GLFW_PRESS, let window = Window.owner(handle) else { return }
            window.input?.key(key, modifiers: modifiers)
        }
    }
}
