// swift-tools-version: 6.0
import PackageDescription

// The CPU engine's contact solve does eight pairs at once in SIMD lanes, one AVX register each;
// built for SSE alone the whole engine ran at half the speed (docs/BENCHMARKS.md, "The CPU
// engine at twice its speed"). AVX2 and FMA are in x86-64 processors since 2013–2015; the program
// checks for them before it starts (fast_math_processor_supported).
#if arch(x86_64)
let wideContactSolve: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
#else
let wideContactSolve: [SwiftSetting] = []
#endif

let package = Package(
    name: "ShiftingSands",
    products: [
        .executable(name: "shifting-sands", targets: ["ShiftingSands"]),
        .library(name: "SandSim", targets: ["SandSim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The physics is optimised in debug builds too: the tests run the CPU engine on up to 20,000
        // grains, which unoptimised code takes many times longer to step.
        .target(name: "SandSim", dependencies: ["CFastMath"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + wideContactSolve),
        .target(name: "CFastMath"),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        // epoxy's entry points are mutable C globals that it rewrites after first resolution;
        // Swift 6 mode takes calls through them only from a `@preconcurrency import CEpoxy`
        // (the app calls GL on its one thread). GLSupport is what every scene's GL needs; SandGL
        // is the hourglass's.
        .target(name: "GLSupport", dependencies: ["CEpoxy"]),
        // What the GPU scenes share that is not GL: parameter sliders and their clamping, and the
        // hash their shaders draw random numbers with (optimised in debug builds too, as the CPU
        // references that call it are).
        .target(name: "SceneSupport", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "SandGL", dependencies: ["SandSim", "GLSupport", "CEpoxy"]),
        // The waves scene: a 2D wave field stepped and drawn on the GPU, with a CPU reference step
        // that the tests run for hundreds of steps on grids of up to 50,000 cells, so it is
        // optimised in debug builds too, as SandSim is.
        .target(name: "Waves", dependencies: ["GLSupport", "SceneSupport", "CEpoxy"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The sparkles scene (seed 002): a glowing, rippling control and a particle cloud ticked in a
        // compute shader, with a CPU reference of one tick and of the glow and ripple formulas.
        .target(name: "Sparkles", dependencies: ["GLSupport", "SceneSupport", "CEpoxy"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The titanium scene (seed 004): a pool of metallic particles born by grid emitters and
        // pushed by force fields in a compute shader, with a CPU reference of one tick.
        .target(name: "Titanium", dependencies: ["GLSupport", "SceneSupport", "CEpoxy"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .executableTarget(
            name: "ShiftingSands",
            dependencies: [
                "SandSim",
                "CFastMath",
                "SandGL",
                "Waves",
                "Sparkles",
                "Titanium",
                "SceneSupport",
                "GLSupport",
                "CGLFW",
                "CStb",
                "CGLib",
                "CCanberra",
                "CNotify",
                "ImGuiBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CStb", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // No pkg-config: libcanberra's adds -D_REENTRANT, which SwiftPM refuses with a warning; its
        // header is in /usr/include and the modulemap links it.
        .systemLibrary(name: "CCanberra", providers: [.apt(["libcanberra-dev"])]),
        // glib-2.0's flags only: libnotify's add -pthread (CNotify's shim says why).
        .systemLibrary(name: "CNotify", pkgConfig: "glib-2.0", providers: [.apt(["libnotify-dev", "libglib2.0-dev"])]),
        .systemLibrary(name: "CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),
        .target(name: "ImGuiBridge", dependencies: ["CImGui", "CGLFW"]),
        // What the test targets share: where the checkout and its shaders are.
        .target(name: "GLTestSupport", dependencies: ["GLSupport"], path: "Tests/GLTestSupport"),
        .testTarget(name: "SandSimTests", dependencies: ["SandSim"]),
        .testTarget(name: "SandGLTests", dependencies: ["SandGL", "GLSupport", "SandSim", "GLTestSupport"]),
        .testTarget(name: "WavesTests", dependencies: ["Waves", "GLSupport", "GLTestSupport"]),
        .testTarget(name: "SparklesTests", dependencies: ["Sparkles", "GLSupport", "GLTestSupport"]),
        .testTarget(name: "TitaniumTests", dependencies: ["Titanium", "GLSupport", "GLTestSupport"]),
        .testTarget(name: "ShiftingSandsTests", dependencies: ["ShiftingSands", "SandSim", "SandGL", "GLSupport", "CStb", "Waves", "GLTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
