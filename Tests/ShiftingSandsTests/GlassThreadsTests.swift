@testable import ShiftingSands
import GLSupport
import SandSim
import Testing

@Suite("Side by side on threads (headless GL)", .serialized, .enabled(if: HeadlessContext.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct GlassThreadsTests {
    @Test("side by side on a software renderer, the GPU and Instanced glasses advance on threads of their own, and every glass ends grain for grain as in turn through a flip and a drain")
    func sameAsInTurn() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            var settings = HourglassSettings()
            settings.counts[.cpu] = 250
            settings.duration = 5
            func piles(threads: Bool) throws -> [[Grain]] {
                let session = try HourglassSession(settings: settings, comparing: true, shaders: .locateHourglass(), pacing: false,
                                                   workerContexts: threads ? { try context.makeWorkerContext() } : nil)
                #expect(session.advancesOnThreads == (threads && context.info.isSoftware))
                try session.handle(.start)
                for _ in 0..<45 { try session.frame(wall: 1.0 / 30) }
                #expect(session.timer.phase == .running && session.glasses.allSatisfy { ($0.hourglass.upper ?? 250) < 250 }, "the sand runs")
                return session.glasses.map { $0.hourglass.engine.readGrains() }
            }
            let onThreads = try piles(threads: true), inTurn = try piles(threads: false)
            #expect(onThreads.map(\.count) == [250, 250, 250])
            #expect(zip(onThreads, inTurn).map { zip($0, $1).filter { $0 != $1 }.count } == [0, 0, 0], "grains that differ, by glass")
        }
    }

    @Test("where no second context can be made, the glasses side by side advance in turn")
    func noSecondContext() throws {
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            var settings = HourglassSettings()
            settings.counts[.cpu] = 250
            let session = try HourglassSession(settings: settings, comparing: true, shaders: .locateHourglass(), pacing: false,
                                               workerContexts: { throw GLError.noContext("refused for the test") })
            #expect(!session.advancesOnThreads)
            try session.handle(.start)
            for _ in 0..<30 { try session.frame(wall: 1.0 / 30) }
            #expect(session.timer.phase == .running)
        }
    }
}
