import CGLFW
import GLSupport

/// A hidden window's context that shares the app window's objects, for a worker thread. GLFW
/// makes and destroys windows on the main thread only; a context may be made current on any.
final class GLFWWorkerContext: WorkerContext, @unchecked Sendable {
    private let handle: OpaquePointer
    /// Kept until this context is gone: the window's end ends GLFW.
    private let window: Window

    /// On the main thread, after `window`; dropped there too.
    init(sharing window: Window) throws {
        self.window = window
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE)
        defer { glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE) }
        guard let handle = glfwCreateWindow(1, 1, "", nil, window.handle) else {
            throw CommandError("no OpenGL context for a second thread: \(Window.lastError() ?? "unknown")")
        }
        self.handle = handle
    }

    deinit {
        glfwDestroyWindow(handle)
    }

    func makeCurrent() {
        glfwMakeContextCurrent(handle)
    }

    func releaseCurrent() {
        glfwMakeContextCurrent(nil)
    }
}
