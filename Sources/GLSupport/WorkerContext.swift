/// A GL context for another thread that shares its objects (buffers, textures, programs, sync
/// objects) with the context that made it; bindings, queries and vertex arrays are its own.
/// Made current on that thread, and released there before it is dropped.
public protocol WorkerContext: AnyObject, Sendable {
    /// Makes it current on the calling thread.
    func makeCurrent()
    /// Leaves the calling thread without a current context.
    func releaseCurrent()
}
