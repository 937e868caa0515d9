@preconcurrency import CEpoxy
import Foundation
import GLSupport

/// Glasses advanced on threads of their own (GLWorker) on a software renderer, where a compute
/// glass's tick is one dispatch that llvmpipe runs on one of its threads while the calling one
/// waits (docs/BENCHMARKS.md, "Side by side on threads"). Side by side, every glass after the
/// first advances on a worker while the first advances on the caller's thread, so the glasses
/// tick at once. A single compute glass advances on a worker while the caller draws the frame
/// from what it presented before (HourglassScene), so its tick and the drawing overlap.
final class GlassThreads {
    /// Dropped after the workers have stopped (GLWorker).
    private let contexts: [any WorkerContext]
    private let workers: [GLWorker]
    private var started: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    /// `count` threads, each with a context from `makeContext`.
    init(count: Int, makeContext: () throws -> any WorkerContext) throws {
        contexts = try (0..<count).map { _ in try makeContext() }
        workers = contexts.map(GLWorker.init)
    }

    deinit {
        for worker in workers { worker.stop() }
    }

    /// Starts advancing `glasses` by `seconds`: the last of them on the threads, one each, and
    /// any before those on the caller's thread, before this returns.
    func start(_ glasses: [Simulation], by seconds: Float) {
        precondition(started == nil, "a start before the last was waited for")
        precondition(glasses.count >= workers.count, "\(glasses.count) glasses for \(workers.count) threads")
        // What this context did to the glasses (a fresh pile's buffers, a copy to draw) is
        // finished before another context reads or writes it.
        epoxy_glFinish()
        started = clock.now
        let onCaller = glasses.count - workers.count
        for (worker, glass) in zip(workers, glasses.dropFirst(onCaller)) {
            worker.start { glass.advance(by: seconds) }
        }
        for glass in glasses.prefix(onCaller) { glass.advance(by: seconds) }
    }

    /// Whether glasses `start` began are still to be waited for.
    var isAdvancing: Bool { started != nil }

    /// Waits for the glasses `start` began; returns the wall seconds since it began.
    func wait() -> Float {
        guard let started else { preconditionFailure("a wait with nothing started") }
        for worker in workers { worker.wait() }
        self.started = nil
        return Float(started.duration(to: clock.now).seconds)
    }
}
