import SandSim
import Testing
@testable import ShiftingSands

@Suite("The headless commands' backend")
struct BackendTests {
    /// A release build ends a value's life at its last use, so an engine kept past its context
    /// deleted its GL objects with no context current: `simulate --mode gpu` aborted in libepoxy
    /// after its run, its summary lost (seen on an H100 and on llvmpipe, 2026-11-26).
    @Test("a compute mode's engine is gone before its headless context is", arguments: [PhysicsMode.gpu, .instanced])
    func engineBeforeContext(mode: PhysicsMode) throws {
        weak var engine: AnyObject?
        let grains = try Backend.with(mode: mode, count: 60, duration: 5) { backend in
            engine = backend.engine as AnyObject
            return backend.engine.readGrains().count
        }
        #expect(grains == 60)
        #expect(engine == nil, "the \(mode) engine outlived Backend.with and its GL context")
    }
}
