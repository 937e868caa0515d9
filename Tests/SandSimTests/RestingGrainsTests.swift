import Foundation
import Testing
@testable import SandSim

/// Grains at rest stay nearly at rest because friction holds them, with no stop for slow grains:
/// what sand's angle of repose rests on (docs/PHYSICS.md, "Friction after the pushes"). Not
/// still: with the upper grain's lean at 0.5 the pocket's base grains are wedged apart on the
/// glass's floor (μs 0.2) and the pocket creeps about 0.008 diameters a second (0.008 by 1 s,
/// 0.041 by 5 s, 0.085 by 10 s; the layers 0.014, 0.072, 0.156; debug, 2026-11-27). A lean of 1
/// held both exactly, but overlapped large piles to a whole diameter on the GPU.
@Suite("Resting grains (CPU engine)")
struct RestingGrainsTests {
    static let radius: Float = 0.02
    static let profile = HourglassProfile(grainRadius: radius)
    static var floor: Float { -profile.innerHalfHeight + radius }
    static let diameter = 2 * radius
    /// How far above a layer the grains in its pockets sit, and √3.
    static let layerHeight = diameter * Float(2.0 / 3.0).squareRoot()
    static let root3 = Float(3).squareRoot()

    /// The largest distance any grain moved from where it was put, in diameters, over `seconds`
    /// at a 5 s timer's gravity.
    func drift(_ positions: [SIMD3<Float>], seconds: Int) -> Float {
        let engine = CPUEngine(threads: 1)
        let grains = positions.map { Grain(position: $0, radius: Self.radius) }
        engine.load(grains, profile: Self.profile)
        let parameters = SimulationParameters(duration: 5, mode: .cpu, count: 500, grainRadius: Self.radius)
        for _ in 0..<(60 * seconds) { engine.step(frameDt: 1.0 / 60, angle: 0, parameters: parameters) }
        return zip(grains, engine.readGrains()).map { a, b in
            let delta = b.position - a.position
            return (delta * delta).sum().squareRoot()
        }.max()! / (2 * Self.radius)
    }

    /// Before friction was solved after the pushes this grain sank through the pocket by 0.82
    /// diameters in 5 s without the stop (and drifted 0.14 in 10 s with it).
    @Test("a grain in the pocket of three touching grains on the floor stays within a tenth of a diameter for 5 s")
    func pocket() {
        let across = Self.diameter / Self.root3
        let three: [SIMD3<Float>] = (0..<3).map { k in
            let angle = Float(k) * 2 * .pi / 3
            return SIMD3(across * cos(angle), Self.floor, across * sin(angle))
        }
        let top = SIMD3<Float>(0, Self.floor + Self.layerHeight, 0)
        let moved = drift(three + [top], seconds: 5)
        #expect(moved < 0.1, "a grain moved \(moved) diameters")
    }

    /// Before: 1.19 diameters in 5 s without the stop.
    @Test("two hexagonal layers on the floor stay within 0.15 diameters for 5 s")
    func layers() {
        let d = Self.diameter
        var layer: [SIMD3<Float>] = []
        for i in -2...2 {
            for j in -2...2 where abs(i + j) <= 2 {
                let x: Float = d * (Float(i) + Float(j) / 2), z: Float = d * Float(j) * Self.root3 / 2
                layer.append(SIMD3(x, Self.floor, z))
            }
        }
        let reach: Float = 1.6 * d
        let second = layer.filter { $0.x * $0.x + $0.z * $0.z < reach * reach }.map { p -> SIMD3<Float> in
            SIMD3(p.x + d / 2, Self.floor + Self.layerHeight, p.z + d / (2 * Self.root3))
        }
        let moved = drift(layer + second, seconds: 5)
        #expect(moved < 0.15, "a grain moved \(moved) diameters")
    }
}
