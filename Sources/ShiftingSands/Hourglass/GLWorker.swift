@preconcurrency import CEpoxy
import Foundation
import GLSupport

/// A thread with a GL context of its own, sharing the caller's objects, that runs one job at a
/// time while the caller does other work. The job's GL work is finished before `wait` returns,
/// so the caller may draw from what it wrote. The caller keeps the context, and drops it only
/// after `stop`: a window's context is destroyed on the main thread.
final class GLWorker: @unchecked Sendable {
    private unowned let context: any WorkerContext
    private let go = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Set by the caller before `go` is signalled and read by the thread after; cleared by the
    /// thread before `finished` is signalled: the semaphores order every access, so only one
    /// thread touches them at a time.
    private var job: (() -> Void)?
    private var stopping = false

    init(context: any WorkerContext) {
        self.context = context
        let thread = Thread { [self] in loop() }
        thread.name = "shifting-sands glass"
        thread.start()
    }

    private func loop() {
        context.makeCurrent()
        while true {
            go.wait()
            guard !stopping, let job else { break }
            job()
            self.job = nil
            epoxy_glFinish()
            finished.signal()
        }
        context.releaseCurrent()
        finished.signal()
    }

    /// Runs `job` on the thread; `wait` before the next.
    func start(_ job: @escaping () -> Void) {
        self.job = job
        go.signal()
    }

    /// Waits for the job `start` gave.
    func wait() {
        finished.wait()
    }

    /// Ends the thread, its context released there before this returns.
    func stop() {
        stopping = true
        go.signal()
        finished.wait()
    }
}
