@preconcurrency import CEpoxy

/// An OpenGL 4.3 core context with no window and no X server: EGL's surfaceless platform on
/// Mesa (llvmpipe or a real driver), else EGL's device platform (NVIDIA). Made current on the
/// creating thread; it has no default framebuffer, so rendering goes to an FBO.
public final class HeadlessContext {
    private let display: EGLDisplay
    private let context: EGLContext
    /// The config it was made with, which a context sharing its objects takes too.
    private let config: EGLConfig?
    public let info: GLInfo

    public init() throws {
        var failures: [String] = []
        for (name, open) in [("EGL surfaceless", Self.surfacelessDisplay), ("EGL device", Self.deviceDisplay)] {
            do {
                let display = try open()
                let (context, config) = try Self.makeContext(on: display)
                let info = GLInfo.current()
                if info.supportsCompute {
                    (self.display, self.context, self.config, self.info) = (display, context, config, info)
                    return
                }
                failures.append("\(name) gave OpenGL \(info.version) (\(info.renderer))")
                Self.destroy(display: display, context: context)
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        throw GLError.noContext(failures.joined(separator: "; "))
    }

    deinit {
        Self.destroy(display: display, context: context)
    }

    private static func destroy(display: EGLDisplay, context: EGLContext) {
        _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
        _ = epoxy_eglDestroyContext(display, context)
    }

    private static func clientExtensions() -> String {
        guard let text = epoxy_eglQueryString(nil, EGL_EXTENSIONS) else { return "" }
        return String(cString: text)
    }

    private static func surfacelessDisplay() throws -> EGLDisplay {
        guard clientExtensions().contains("EGL_MESA_platform_surfaceless") else {
            throw GLError.noContext("EGL_MESA_platform_surfaceless is not offered")
        }
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw GLError.noContext("no surfaceless display")
        }
        return display
    }

    private static func deviceDisplay() throws -> EGLDisplay {
        guard clientExtensions().contains("EGL_EXT_platform_device") else {
            throw GLError.noContext("EGL_EXT_platform_device is not offered")
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: 8)
        var count: EGLint = 0
        guard epoxy_eglQueryDevicesEXT(EGLint(devices.count), &devices, &count) == EGL_TRUE, count > 0 else {
            throw GLError.noContext("no EGL devices")
        }
        for device in devices.prefix(Int(count)) {
            if let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil),
               epoxy_eglInitialize(display, nil, nil) == EGL_TRUE {
                return display
            }
        }
        throw GLError.noContext("no EGL device would initialise")
    }

    static let contextAttributes: [EGLint] = [
        EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    ]

    /// A context for another thread, sharing this one's objects.
    public func makeWorkerContext() throws -> any WorkerContext {
        try EGLWorkerContext(display: display, config: config, sharing: context)
    }

    /// A config for desktop GL, or none where the display offers none (Mesa's surfaceless
    /// platform takes a context without one).
    private static func chosenConfig(_ display: EGLDisplay) -> EGLConfig? {
        var configAttributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE]
        var config: EGLConfig?
        var configCount: EGLint = 0
        _ = epoxy_eglChooseConfig(display, &configAttributes, &config, 1, &configCount)
        return configCount > 0 ? config : nil
    }

    private static func makeContext(on display: EGLDisplay) throws -> (EGLContext, EGLConfig?) {
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw GLError.noContext("eglInitialize failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            throw GLError.noContext("EGL offers no desktop OpenGL")
        }
        var contextAttributes = contextAttributes
        let config = chosenConfig(display)
        guard let context = epoxy_eglCreateContext(display, config, nil, &contextAttributes) else {
            throw GLError.noContext("eglCreateContext for OpenGL 4.3 core failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            _ = epoxy_eglDestroyContext(display, context)
            throw GLError.noContext("eglMakeCurrent without a surface failed")
        }
        return (context, config)
    }
}

/// What the current context is.
public struct GLInfo: Sendable, Equatable {
    public var renderer: String
    public var vendor: String
    public var version: String
    public var major: Int
    public var minor: Int

    public var supportsCompute: Bool { (major, minor) >= (4, 3) }
    /// Whether GL is drawn by the CPU (Mesa's llvmpipe or softpipe), not a GPU.
    public var isSoftware: Bool { Self.isSoftware(renderer: renderer) }

    /// Whether the renderer of this name draws on the CPU.
    public static func isSoftware(renderer: String) -> Bool {
        let name = renderer.lowercased()
        return name.contains("llvmpipe") || name.contains("softpipe")
    }

    public static func current() -> GLInfo {
        func string(_ name: Int32) -> String {
            epoxy_glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
        }
        var major: GLint = 0, minor: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        epoxy_glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        return GLInfo(renderer: string(GL_RENDERER), vendor: string(GL_VENDOR), version: string(GL_VERSION), major: Int(major), minor: Int(minor))
    }
}

extension HeadlessContext {
    /// Why no headless context can be made on this machine, or nil: GL tests skip with it,
    /// only where EGL itself cannot give a GL 4.3 context.
    public static let unavailableReason: String? = {
        do {
            _ = try HeadlessContext()
            return nil
        } catch {
            return "\(error)"
        }
    }()
}
