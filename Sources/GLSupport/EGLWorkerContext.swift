@preconcurrency import CEpoxy

/// A headless context sharing a `HeadlessContext`'s objects, for a worker thread (tests).
final class EGLWorkerContext: WorkerContext, @unchecked Sendable {
    private let display: EGLDisplay
    private let context: EGLContext

    init(display: EGLDisplay, config: EGLConfig?, sharing: EGLContext) throws {
        var attributes = HeadlessContext.contextAttributes
        guard let context = epoxy_eglCreateContext(display, config, sharing, &attributes) else {
            throw GLError.noContext("eglCreateContext for a shared context failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        (self.display, self.context) = (display, context)
    }

    deinit {
        _ = epoxy_eglDestroyContext(display, context)
    }

    func makeCurrent() {
        // The API bound is the thread's own.
        _ = epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API))
        _ = epoxy_eglMakeCurrent(display, nil, nil, context)
    }

    func releaseCurrent() {
        _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
    }
}
