@testable import ShiftingSands
import GLSupport
import SandGL
import SandSim
import Testing

@Suite("Glasses on threads (headless GL)", .serialized, .enabled(if: HeadlessContext.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct GlassThreadsTests {
    /// Three glasses of 250 grains on a 5 s timer, started and run 1.5 s, on this context and
    /// with worker contexts from `workers`.
    static func sideBySide(_ context: HeadlessContext, workers: (() throws -> any WorkerContext)?) throws -> HourglassSession {
        var settings = HourglassSettings()
        settings.counts[.cpu] = 250
        settings.duration = 5
        let session = try HourglassSession(settings: settings, comparing: true, shaders: .locateHourglass(), pacing: false, workerContexts: workers)
        try session.handle(.start)
        for _ in 0..<45 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.phase == .running && session.glasses.allSatisfy { ($0.hourglass.upper ?? 250) < 250 }, "the sand runs")
        return session
    }

    @Test("side by side on a software renderer, the GPU and Instanced glasses advance on threads of their own, and every glass ends grain for grain as in turn through a flip and a drain")
    func sameAsInTurn() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            let onThreads = try Self.sideBySide(context) { try context.makeWorkerContext() }
            #expect(onThreads.advancesOnThreads == context.info.isSoftware)
            let inTurn = try Self.sideBySide(context, workers: nil)
            let piles = [onThreads, inTurn].map { $0.glasses.map { $0.hourglass.engine.readGrains() } }
            #expect(piles[0].map(\.count) == [250, 250, 250])
            #expect(zip(piles[0], piles[1]).map { zip($0, $1).filter { $0 != $1 }.count } == [0, 0, 0], "grains that differ, by glass")
        }
    }

    /// An Instanced glass of 250 grains alone on a 5 s timer, started and run 1.5 s a frame at
    /// a time as the window runs it (HourglassScene): presented, advanced, drawn, waited for.
    static func alone(workers: (() throws -> any WorkerContext)?, frame: (HourglassSession, PresentedGrains) throws -> Void = { _, _ in }) throws -> HourglassSession {
        var settings = HourglassSettings()
        settings.mode = .instanced
        settings.counts[.instanced] = 250
        settings.duration = 5
        let session = try HourglassSession(settings: settings, comparing: false, shaders: .locateHourglass(), pacing: false, workerContexts: workers)
        try session.handle(.start)
        for _ in 0..<45 {
            let seconds = try session.control(wall: 1.0 / 30)
            let presented = try session.glasses[0].present(shape: .impostor, steady: session.advancesWhileDrawing)
            session.startAdvance(by: seconds)
            try frame(session, presented)
            session.finishAdvance()
        }
        #expect(session.timer.phase == .running && (session.glasses[0].hourglass.upper ?? 250) < 250, "the sand runs")
        return session
    }

    @Test("alone on a software renderer a compute glass advances on a thread while the frame draws a copy of the grains as they were, and ends grain for grain as advanced before the frame")
    func aloneWhileDrawing() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            var copiesKept = 0
            let whileDrawing = try Self.alone(workers: { try context.makeWorkerContext() }) { session, presented in
                guard session.advancesWhileDrawing, case .particles(let drawn) = presented.source else { return }
                let before = drawn.particles.read(Grain.self, count: drawn.count)
                session.finishAdvance()
                let after = session.glasses[0].hourglass.engine.readGrains()
                // What the frame draws stays as presented while the glass moves on.
                if drawn.particles.read(Grain.self, count: drawn.count) == before, before != after { copiesKept += 1 }
                session.startAdvance(by: 0)
            }
            #expect(whileDrawing.advancesWhileDrawing == context.info.isSoftware)
            if context.info.isSoftware { #expect(copiesKept >= 40, "frames whose drawn grains stayed as presented while the sand moved") }
            let before = try Self.alone(workers: nil)
            #expect(!before.advancesWhileDrawing)
            let piles = [whileDrawing, before].map { $0.glasses[0].hourglass.engine.readGrains() }
            #expect(piles[0].count == 250)
            #expect(zip(piles[0], piles[1]).filter { $0 != $1 }.count == 0, "grains that differ")
        }
    }

    /// In the window (GLX) a GPU ↔ Instanced switch while the sand ran crashed in the worker's
    /// next dispatch: the old engine's programs were deleted while the worker's context, which
    /// had run them, kept llvmpipe's pointer to what it built for them. Headless (EGL) the crash
    /// did not show, so the test holds the cure: the worker's context is made anew, the old one
    /// dropped before the old engine is.
    @Test("a glass alone switched between the compute modes while the sand runs goes on advancing on a thread whose context is made anew for each new engine")
    func switchWhileRunning() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            var settings = HourglassSettings()
            settings.mode = .gpu
            settings.counts[.gpu] = 250
            settings.counts[.instanced] = 250
            // Each context made, held weakly: none may be left when the next is made.
            var made: [() -> (any WorkerContext)?] = []
            var madeBeside = 0
            let session = try HourglassSession(settings: settings, comparing: false, shaders: .locateHourglass(), pacing: false, workerContexts: {
                if made.contains(where: { $0() != nil }) { madeBeside += 1 }
                let worker = try context.makeWorkerContext()
                made.append { [weak worker] in worker }
                return worker
            })
            try session.handle(.start)
            let switches: [PhysicsMode] = [.instanced, .gpu, .instanced, .cpu, .gpu]
            for mode in switches {
                for _ in 0..<20 { try session.frame(wall: 1.0 / 30) }
                try session.handle(.select(mode))
                #expect(session.glasses[0].mode == mode)
                try session.handle(.start)
            }
            for _ in 0..<20 { try session.frame(wall: 1.0 / 30) }
            #expect(session.glasses[0].hourglass.engine.readGrains().count == 250)
            guard context.info.isSoftware else { return }
            #expect(session.advancesWhileDrawing)
            #expect(made.count == 1 + switches.count, "worker contexts made: the first, then one for each new engine")
            #expect(madeBeside == 0, "contexts made while an older one was still there")
        }
    }

    @Test("where no second context can be made, the glasses side by side advance in turn")
    func noSecondContext() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            let session = try Self.sideBySide(context) { throw GLError.noContext("refused for the test") }
            #expect(!session.advancesOnThreads)
        }
    }
}
