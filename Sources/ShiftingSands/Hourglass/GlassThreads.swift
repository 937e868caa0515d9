@preconcurrency import CEpoxy
import Foundation
import GLSupport

/// Glasses side by side on a software renderer, every glass after the first advanced on a thread
/// of its own (GLWorker) while the first advances on the caller's. A compute glass's tick is one
/// dispatch, which llvmpipe runs on one of its threads while the calling one waits, so one
/// context runs the glasses' ticks in turn; from a context each, they run at once
/// (docs/BENCHMARKS.md, "Side by side on threads").
final class GlassThreads {
    /// Dropped after the workers have stopped (GLWorker).
    private let contexts: [any WorkerContext]
    private let workers: [GLWorker]

    /// Threads for `glasses` glasses, each with a context from `makeContext`.
    init(glasses: Int, makeContext: () throws -> any WorkerContext) throws {
        contexts = try (1..<max(glasses, 1)).map { _ in try makeContext() }
        workers = contexts.map(GLWorker.init)
    }

    deinit {
        for worker in workers { worker.stop() }
    }

    /// Advances every glass by `seconds`; returns the wall seconds they took together.
    func advance(_ glasses: [Simulation], by seconds: Float) -> Float {
        precondition(glasses.count == workers.count + 1, "\(glasses.count) glasses for \(workers.count + 1) threads")
        // What this context did to the glasses (a fresh pile's buffers) is finished before
        // another context reads it.
        epoxy_glFinish()
        let clock = ContinuousClock()
        let started = clock.now
        for (worker, glass) in zip(workers, glasses.dropFirst()) {
            worker.start { glass.advance(by: seconds) }
        }
        glasses[0].advance(by: seconds)
        for worker in workers { worker.wait() }
        return Float(started.duration(to: clock.now).seconds)
    }
}
