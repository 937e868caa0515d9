import Foundation
import GLSupport
import SandGL
import SandSim
import Testing
@testable import ShiftingSands

@Suite("Counts that fit the machine")
struct MachineFitTests {
    typealias Line = MachineFit.LinearCost

    /// Costs as this 2-core machine measured them on llvmpipe (app.json, 2026-11-25), rounded:
    /// physics ms a tick and drawing ms a frame, as lines in the count.
    static let llvmpipe = MachineFit(renderer: "llvmpipe", modes: [
        .cpu: .init(physics: Line(fixed: 0.75, perGrain: 0.0039), drawing: Line(fixed: 15.0, perGrain: 0.0102)),
        .gpu: .init(physics: Line(fixed: 4.2, perGrain: 0.0146), drawing: Line(fixed: 16.9, perGrain: 0.0078)),
        .instanced: .init(physics: Line(fixed: 4.1, perGrain: 0.0145), drawing: Line(fixed: 16.6, perGrain: 0.0081)),
    ])

    /// Cheaper than llvmpipe: costs a count of a few thousand keeps at 60 fps.
    static let fitted = MachineFit(renderer: "fitted", modes: [
        .cpu: .init(physics: Line(fixed: 0.2, perGrain: 0.001), drawing: Line(fixed: 4.0, perGrain: 0.002)),
        .gpu: .init(physics: Line(fixed: 0.3, perGrain: 0.008), drawing: Line(fixed: 4.0, perGrain: 0.002)),
        .instanced: .init(physics: Line(fixed: 0.3, perGrain: 0.008), drawing: Line(fixed: 4.0, perGrain: 0.002)),
    ])

    @Test("a line through two measured counts gives both back, and never a negative cost")
    func lines() {
        let line = Line(250, 2.0, 1_000, 5.0)
        #expect(abs(line.milliseconds(250) - 2) < 1e-9 && abs(line.milliseconds(1_000) - 5) < 1e-9)
        #expect(Line(250, 5.0, 1_000, 4.0).perGrain == 0)
    }

    @Test("a single glass's default is the largest count of the ladder the measurement keeps at 60 fps in real time; the comparison's, the three at 30")
    func countsFromTheMeasurement() {
        let fit = Self.fitted
        let counts = fit.defaultCounts()
        #expect(counts == [.cpu: 2_000, .gpu: 500, .instanced: 500])
        for (mode, count) in counts {
            #expect((fit.framesPerSecond([mode], count: count) ?? 0) >= MachineFit.singleFPS)
            if let next = MachineFit.ladder.first(where: { $0 > count }) {
                #expect((fit.framesPerSecond([mode], count: next) ?? 0) < MachineFit.singleFPS)
            }
        }
        // Side by side the drawing's fixed part counts once: 500 each keep 30 fps, 1,000 not even real time.
        #expect(fit.comparisonCount == 500)
        #expect((fit.framesPerSecond(PhysicsMode.allCases, count: 500) ?? 0) >= MachineFit.comparisonFPS)
        #expect(fit.framesPerSecond(PhysicsMode.allCases, count: 1_000) == nil)
        // Ten times cheaper everywhere: counts grow with the machine, as far as the ladder goes.
        func scaled(_ line: Line) -> Line { Line(fixed: line.fixed / 10, perGrain: line.perGrain / 100) }
        let fast = MachineFit(renderer: "fast", modes: fit.modes.mapValues { .init(physics: scaled($0.physics), drawing: scaled($0.drawing)) })
        #expect(fast.defaultCounts()[.instanced] == 50_000 && fast.defaultCounts()[.gpu] == 50_000)
        #expect(fast.comparisonCount > MachineFit.fallbackCount)
    }

    /// `--compare` at its floor of 250 said "fits this machine" beside "slow motion ×0.15"
    /// (issue 50): a count is said to fit only where it keeps the frame rate.
    /// Side by side, the fit counted the still picture, the glass layer and the swap once for each
    /// glass: `--compare` at 250 said "about 5 fps here" and drew 30 (the new-user pass, 2026-11-27).
    @Test("side by side, a frame's fixed drawing counts once, each glass's grains their own")
    func sideBySideDrawing() {
        let fit = MachineFit(renderer: "drawing only", modes: Dictionary(uniqueKeysWithValues: PhysicsMode.allCases.map {
            ($0, MachineFit.ModeCost(physics: Line(fixed: 0, perGrain: 0), drawing: Line(fixed: 8, perGrain: 0.004)))
        }))
        let fps = fit.framesPerSecond(PhysicsMode.allCases, count: 250) ?? 0
        #expect(abs(fps - 1000 / (8 + 3 * 1.0 + MachineFit.windowMilliseconds)) < 1e-6, "\(fps)")
    }

    /// Summed, the three glasses' ticks said "at least 15 fps" where `--compare` drew 30–39 on
    /// threads (GlassThreads, 2026-11-27).
    @Test("side by side on a software renderer a tick takes the slowest glass or the work spread over the cores; a glass that spreads its own counts once a core")
    func sideBySideOnThreads() {
        let small: [(PhysicsMode, Double)] = [(.cpu, 1), (.gpu, 4), (.instanced, 4)]
        #expect(MachineFit.onThreads(small, count: 250, cores: 2) == 4.5)
        #expect(MachineFit.onThreads(small, count: 250, cores: 4) == 4)
        #expect(MachineFit.onThreads(small, count: 250, cores: 1) == 9)
        let large: [(PhysicsMode, Double)] = [(.cpu, 2), (.gpu, 10), (.instanced, 10)]
        #expect(MachineFit.onThreads(large, count: 2_000, cores: 2) == 22, "each already on both cores: their sum")
        let software = MachineFit(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", modes: Self.llvmpipe.modes)
        let inTurn = MachineFit(renderer: "a GPU", modes: Self.llvmpipe.modes)
        #expect((software.framesPerSecond(PhysicsMode.allCases, count: 250, cores: 2) ?? 0) > (inTurn.framesPerSecond(PhysicsMode.allCases, count: 250, cores: 2) ?? 0) + 5)
        #expect(software.framesPerSecond([.cpu], count: 250, cores: 2) == inTurn.framesPerSecond([.cpu], count: 250, cores: 2))
    }

    /// Summed, GPU 250's tick and drawing said "at least 34 fps" where the glass ticking while
    /// the frame draws drew 62–78 (GlassThreads, 2026-11-28).
    @Test("alone on a software renderer a compute glass's one-dispatch tick holds the frame up for a core's share; a tick over every core, and the CPU engine's, wholly")
    func aloneWhileDrawing() {
        #expect(MachineFit.onThreads([(.gpu, 4)], count: 250, cores: 2) == 2)
        #expect(MachineFit.onThreads([(.instanced, 4)], count: 250, cores: 4) == 1)
        #expect(MachineFit.onThreads([(.instanced, 10)], count: 20_000, cores: 2) == 10)
        #expect(MachineFit.onThreads([(.cpu, 1)], count: 250, cores: 2) == 1)
        let software = MachineFit(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", modes: Self.llvmpipe.modes)
        let inTurn = MachineFit(renderer: "a GPU", modes: Self.llvmpipe.modes)
        #expect((software.framesPerSecond([.gpu], count: 250, cores: 2) ?? 0) > (inTurn.framesPerSecond([.gpu], count: 250, cores: 2) ?? 0))
        // Instanced 1,000 with a tick of 32 ms, the note said "at least 5 fps" and the window
        // ran in slow motion (×0.22–0.34): a tick on its own thread is no shorter for the cores.
        let slowTick = MachineFit(renderer: "llvmpipe", modes: [.instanced: .init(physics: Line(fixed: 0, perGrain: 0.0325), drawing: Line(fixed: 8, perGrain: 0.001))])
        #expect(slowTick.framesPerSecond([.instanced], count: 1_000, cores: 2) == nil)
        #expect(slowTick.framesPerSecond([.instanced], count: 250, cores: 2) != nil)
    }

    @Test("the note beside a count says it fits only where it keeps the frame rate; else the rate, or slow motion")
    func countNote() {
        #expect(Self.fitted.note([.cpu], count: 2_000) == .fits)
        #expect(Self.fitted.note(PhysicsMode.allCases, count: 250) == .fits)
        guard case .framesPerSecond(let fps) = Self.fitted.note(PhysicsMode.allCases, count: 600) else { Issue.record("600 side by side keeps real time below 30 fps"); return }
        #expect(fps < MachineFit.comparisonFPS && fps > 15)
        #expect(Self.slow.note(PhysicsMode.allCases, count: 250) == .slowMotion)
        #expect(Self.slow.comparisonCount == 250, "the floor, which the note must not call a fit")
    }

    /// Physics slower than the sand it steps, in every mode.
    static let slow = MachineFit(renderer: "slow", modes: llvmpipe.modes.mapValues {
        .init(physics: Line(fixed: 20, perGrain: $0.physics.perGrain), drawing: $0.drawing)
    })

    @Test("where nothing keeps up, or nothing was measured, the default is 250")
    func fallback() {
        let slow = Self.slow
        #expect(slow.framesPerSecond([.gpu], count: 250) == nil)
        #expect(slow.defaultCounts() == [.cpu: 250, .gpu: 250, .instanced: 250])
        #expect(slow.comparisonCount == 250)
        let unmeasured = HourglassSettings()
        #expect(PhysicsMode.allCases.allSatisfy { unmeasured.count(for: $0) == 250 })
    }

    @Test("settings take the fitted count until one is chosen; the fit is kept in app.json, the choice in settings.json")
    func settings() throws {
        var settings = HourglassSettings()
        settings.fittedCounts = Self.fitted.defaultCounts()
        #expect(settings.count(for: .cpu) == 2_000)
        settings.counts[.cpu] = 5_000
        #expect(settings.count(for: .cpu) == 5_000 && settings.defaultCount(for: .cpu) == 2_000)
        let saved = try JSONDecoder().decode(HourglassSettings.self, from: JSONEncoder().encode(settings))
        #expect(saved.counts == [.cpu: 5_000] && saved.fittedCounts.isEmpty)
        var shell = ShellSettings()
        shell.machineFit = Self.llvmpipe
        #expect(try JSONDecoder().decode(ShellSettings.self, from: JSONEncoder().encode(shell)).machineFit == Self.llvmpipe)
    }

    @Test("measured on this GL with the app's own frame: every mode's physics and drawing cost, the defaults on the ladder, each run announced before its frames (the measuring panel)")
    func measured() throws {
        let context = try HeadlessContext()
        var steps: [MachineFit.Step] = [], presentedSince = 0
        let fit = try withExtendedLifetime(context) {
            let target = OffscreenTarget(width: 320, height: 200)
            return try MachineFit.measure(shaders: .locateHourglass(), target: (target.framebuffer, target.width, target.height), present: { presentedSince += 1 }) {
                #expect(steps.isEmpty || presentedSince > 0, "a run drew no frame under its step")
                steps.append($0)
                presentedSince = 0
            }
        }
        #expect(presentedSince > 0)
        #expect(steps.map(\.index) == Array(0..<6) && steps.allSatisfy { $0.total == 6 })
        #expect(steps.map(\.mode) == PhysicsMode.allCases.flatMap { [$0, $0] })
        #expect(steps.map(\.count) == Array(repeating: [MachineFit.measuredCounts.0, MachineFit.measuredCounts.1], count: 3).flatMap { $0 })
        #expect(Set(fit.modes.keys) == Set(PhysicsMode.allCases))
        for (mode, cost) in fit.modes {
            #expect(cost.physics.milliseconds(1_000) > cost.physics.milliseconds(250), "\(mode): more grains, more physics")
            #expect(cost.drawing.milliseconds(250) > 0)
        }
        #expect(fit.defaultCounts().values.allSatisfy(MachineFit.ladder.contains))
    }
}
