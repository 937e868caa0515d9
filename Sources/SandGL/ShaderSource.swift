import Foundation
import SandSim

/// Finds shader files and builds the text the GL compiles: the file's `#version` line, then the
/// `#define` block generated from `PhysicsConstants`, then the body with `#include "x"` lines
/// replaced by the named file. Constants are never typed twice.
public struct ShaderSource: Sendable {
    public let directory: URL

    public static let environmentVariable = "SHIFTING_SANDS_SHADERS"

    /// `$SHIFTING_SANDS_SHADERS`, else a `Shaders` folder beside the executable or in any folder
    /// above it (so `swift run` and `.build/release/shifting-sands` both find the package's),
    /// else `./Shaders`.
    public static func locate(probe: String = "physics_step.comp") throws -> ShaderSource {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment[environmentVariable] {
            candidates.append(URL(fileURLWithPath: override))
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("Shaders"))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Shaders"))
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(probe).path) {
            return ShaderSource(directory: candidate)
        }
        throw GLError.shaderMissing(name: probe, searched: candidates.map(\.path))
    }

    public init(directory: URL) {
        self.directory = directory
    }

    /// The full source of `name`, ready to compile.
    public func text(of name: String) throws -> String {
        let body = try read(name)
        var lines = body.components(separatedBy: "\n")
        guard let versionIndex = lines.firstIndex(where: { $0.hasPrefix("#version") }) else {
            throw GLError.shaderCompile(file: name, log: "the file has no #version line")
        }
        var expanded: [String] = []
        for line in lines[(versionIndex + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let included = trimmed.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
                expanded.append(try read(included))
            } else {
                expanded.append(line)
            }
        }
        lines = [lines[versionIndex], Self.defines] + expanded
        return lines.joined(separator: "\n")
    }

    private func read(_ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw GLError.shaderMissing(name: name, searched: [directory.path])
        }
        return text
    }

    /// The numbers the shaders share with the CPU engine, as GLSL `#define`s.
    public static let defines: String = {
        typealias C = PhysicsConstants
        let floats: [(String, Float)] = [
            ("CONTACT_SHARE", C.contactShare),
            ("FLOW_DAMPING", C.flowDamping), ("SETTLE_DAMPING", C.settleDamping),
            ("DAMPING_SPEED_SCALE", C.dampingSpeedScale), ("NECK_HALF_HEIGHT", C.neckHalfHeight),
            ("SLOPE_STEP", C.wallSlopeStep),
            ("STATIC_FRICTION", C.staticFriction), ("KINETIC_FRICTION", C.kineticFriction),
            ("GLASS_STATIC_FRICTION", C.glassStaticFriction), ("GLASS_KINETIC_FRICTION", C.glassKineticFriction),
            ("VELOCITY_CUTOFF", C.velocityCutoff), ("SLEEP_SPEED", C.sleepSpeed),
            ("LIGHT_SLEEP_COUNTER", C.lightSleepCounter), ("DEEP_SLEEP_COUNTER", C.deepSleepCounter),
            ("SLEEP_COUNTER_CAP", C.sleepCounterCap),
            ("SUPPORT_DISTANCE_FACTOR", C.supportDistanceFactor), ("WAKE_APPROACH_SPEED", C.wakeApproachSpeed),
        ]
        let integers: [(String, Int)] = [
            ("WORK_GROUP_SIZE", C.workGroupSize), ("SCAN_VALUES_PER_INVOCATION", C.scanValuesPerInvocation),
            ("PROFILE_TABLE_SIZE", C.profileTableSize),
            ("SUPPORT_CHECK_INTERVAL", C.supportCheckInterval),
            ("MESH_VERTICES_PER_GRAIN", Icosphere.vertexCount), ("MESH_VERTEX_WORDS", MeshVertexLayout.words),
        ]
        return (floats.map { "#define \($0.0) \(glslFloat($0.1))" }
            + integers.map { "#define \($0.0) \($0.1)" }).joined(separator: "\n")
    }()

    /// A float literal GLSL reads as a float: always with a point or an exponent.
    static func glslFloat(_ value: Float) -> String {
        let text = String(format: "%.9g", Double(value))
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
