import Foundation
import GLSupport
import SandSim

/// CPU mode: the Swift engine; its grains are uploaded each frame for one draw. Needs no GL, so
/// it also runs every mode where there is none (tests, `simulate` without a context).
final class CPUSandMode: SandMode {
    private let cpu: CPUEngine
    private var colors: [UInt32] = []

    init(shaders: ShaderSource?, threads: Int?) {
        cpu = threads.map { CPUEngine(threads: $0) } ?? CPUEngine()
    }

    var mode: PhysicsMode { .cpu }
    var engine: PhysicsEngine { cpu }
    var physicsOn: String { "CPU, Swift, \(cpu.threads) thread\(cpu.threads == 1 ? "" : "s")" }
    var threads: Int { cpu.threads }
    var counters: DispatchCounting? { nil }

    static func countRange(_ mode: PhysicsMode) -> ClosedRange<Int> {
        PhysicsMode.cpu.countRange
    }

    /// About 15 million a core (17 at 50,000 grains on two).
    static func grainSubstepsPerSecond(softwareGL: Bool) -> Double {
        15e6 * Double(ProcessInfo.processInfo.activeProcessorCount)
    }

    func setColors(_ packed: [UInt32]) {
        precondition(packed.count == cpu.grainCount, "\(packed.count) colours for \(cpu.grainCount) grains")
        colors = packed
    }

    func timePhysics(wait: Bool, _ work: () -> Void) -> Double {
        HostClock.seconds(work)
    }

    /// Steady as it is: the grains are copied out.
    func present(shape: GrainShape, timed: Bool, steady _: Bool) -> PresentedGrains {
        PresentedGrains(.positions(cpu.readGrains(), colors: colors, shape: shape))
    }
}

/// Seconds of work on the host's clock.
public enum HostClock {
    public static func seconds(_ work: () -> Void) -> Double {
        ContinuousClock().measure(work).seconds
    }
}
