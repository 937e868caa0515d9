@preconcurrency import CEpoxy

/// Times GPU work with `GL_TIME_ELAPSED` queries: host clocks around asynchronous GL calls
/// measure only the queueing. `measure` keeps a few queries in flight and reports the newest
/// finished result without stalling; `measureNow` waits for its own result (for benchmarks).
///
/// On a software renderer the "GPU" is this machine's CPU threads, and llvmpipe's queries miss
/// the rasterisation it defers to a flush (a frame measured 8 ms by query and 55 ms by the
/// clock); there `measureNow` times the work on the host clock between two `glFinish`es.
public final class GPUStopwatch {
    public enum Method: String, Codable, Sendable {
        case timerQuery = "GL_TIME_ELAPSED queries"
        case hostClock = "host clock between glFinish calls (software renderer)"
    }

    public let method: Method
    private var queries = [GLuint](repeating: 0, count: 4)
    private var issued = [Bool](repeating: false, count: 4)
    private var next = 0
    /// The most recent finished measurement, in milliseconds.
    public private(set) var lastMilliseconds: Double?

    /// Picks the method for the current context's renderer.
    public init() {
        method = GLInfo.current().isSoftware ? .hostClock : .timerQuery
        epoxy_glGenQueries(GLsizei(queries.count), &queries)
    }

    deinit {
        epoxy_glDeleteQueries(GLsizei(queries.count), &queries)
    }

    public func measure(_ work: () -> Void) {
        collectFinished()
        let slot = next
        if issued[slot] { _ = result(slot, wait: true) }
        epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), queries[slot])
        work()
        epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED))
        issued[slot] = true
        next = (next + 1) % queries.count
    }

    /// Runs `work` and waits until the GPU has finished it; returns its GPU time in ms.
    public func measureNow(_ work: () -> Void) -> Double {
        if method == .hostClock {
            epoxy_glFinish()
            let elapsed = ContinuousClock().measure {
                work()
                epoxy_glFinish()
            }
            lastMilliseconds = FrameStages.milliseconds(elapsed)
            return lastMilliseconds ?? 0
        }
        measure(work)
        let slot = (next + queries.count - 1) % queries.count
        return result(slot, wait: true) ?? 0
    }

    private func collectFinished() {
        for offset in 1...queries.count {
            let slot = (next + offset) % queries.count
            if issued[slot] { _ = result(slot, wait: false) }
        }
    }

    private func result(_ slot: Int, wait: Bool) -> Double? {
        if !wait {
            var available: GLuint = 0
            epoxy_glGetQueryObjectuiv(queries[slot], GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
            guard available != 0 else { return nil }
        }
        var nanoseconds: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(queries[slot], GLenum(GL_QUERY_RESULT), &nanoseconds)
        issued[slot] = false
        lastMilliseconds = Double(nanoseconds) / 1e6
        return lastMilliseconds
    }
}
