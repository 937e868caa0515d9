import Foundation
import Synchronization

/// A persistent thread per extra core for the CPU engine's substeps: `run` hands every thread one
/// chunk of a job and returns when all are done. A job is a C function and a pointer to its
/// context, so handing one out allocates nothing and retains nothing. Idle workers spin briefly
/// (jobs come every few tens of microseconds while the engine steps) and then sleep on a
/// condition, so a paused simulation leaves the cores to the renderer.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @convention(c) (_ context: UnsafeMutableRawPointer, _ chunk: Int, _ chunks: Int) -> Void

    /// Threads that run a job's chunks, the caller's included.
    let threads: Int
    private let generation = Atomic<Int>(0)
    private let remaining = Atomic<Int>(0)
    private let sleepers = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let wake = NSCondition()
    // Written by `run` before it publishes the job's generation, read by workers after they see it.
    private var job: Job?
    private var context: UnsafeMutableRawPointer?

    private static let spinsBeforeSleeping = 20_000

    init(threads: Int) {
        self.threads = max(threads, 1)
        for chunk in 1..<self.threads {
            let thread = Thread { [self] in work(chunk: chunk) }
            thread.name = "cpu-engine-\(chunk)"
            thread.start()
        }
    }

    /// Lets the workers end; their threads hold the pool until they do.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        wake.lock()
        wake.broadcast()
        wake.unlock()
    }

    /// Runs `job(context, chunk, threads)` for every chunk, chunk 0 on the calling thread.
    func run(_ job: Job, context: UnsafeMutableRawPointer) {
        guard threads > 1 else { return job(context, 0, 1) }
        self.job = job
        self.context = context
        remaining.store(threads - 1, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        if sleepers.load(ordering: .sequentiallyConsistent) > 0 {
            wake.lock()
            wake.broadcast()
            wake.unlock()
        }
        job(context, 0, threads)
        while remaining.load(ordering: .acquiring) > 0 {}
    }

    private func work(chunk: Int) {
        var seen = 0
        while true {
            seen = waitForJob(after: seen)
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            job!(context!, chunk, threads)
            remaining.subtract(1, ordering: .releasing)
        }
    }

    /// Returns the new generation once one is published.
    private func waitForJob(after seen: Int) -> Int {
        for _ in 0..<Self.spinsBeforeSleeping {
            let current = generation.load(ordering: .acquiring)
            if current != seen { return current }
        }
        wake.lock()
        defer { wake.unlock() }
        sleepers.add(1, ordering: .sequentiallyConsistent)
        defer { sleepers.subtract(1, ordering: .sequentiallyConsistent) }
        while true {
            let current = generation.load(ordering: .sequentiallyConsistent)
            if current != seen { return current }
            wake.wait()
        }
    }
}
