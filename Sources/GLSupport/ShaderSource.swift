import Foundation

/// Finds shader files and builds the text the GL compiles: the file's `#version` line, then the
/// owner's `#define` block (numbers the shaders share with Swift, so they are never typed
/// twice), then the body with `#include "x"` lines replaced by the named file (its own
/// includes too, each file once). Each scene keeps
/// its shaders in its own folder of `Shaders/`, and what scenes share in `Shaders/common/`
/// (`#include "../common/x"`).
public struct ShaderSource: Sendable {
    public let directory: URL
    public let defines: String
    /// The name of the variant `defines` make, for errors and ShaderDump ("" for the plain one).
    public let variant: String

    public static let environmentVariable = "SHIFTING_SANDS_SHADERS"

    /// The `Shaders` folder that holds `probe` (a path inside it): `$SHIFTING_SANDS_SHADERS`, else
    /// a `Shaders` folder beside the executable or in any folder above it (so `swift run` and
    /// `.build/release/shifting-sands` both find the package's), else `./Shaders`, else
    /// `shifting-sands/Shaders` in the XDG data folders (where scripts/install-desktop puts them).
    public static func locate(probe: String) throws -> ShaderSource {
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
        candidates += dataFolders().map { $0.appendingPathComponent("shifting-sands/Shaders") }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(probe).path) {
            return ShaderSource(directory: candidate)
        }
        throw GLError.shaderMissing(name: probe, searched: candidates.map(\.path))
    }

    /// `$XDG_DATA_HOME` (default `~/.local/share`), then each of `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`).
    static func dataFolders() -> [URL] {
        let environment = ProcessInfo.processInfo.environment
        // The XDG spec: a relative path is invalid and is ignored.
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share").path
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return ([home] + system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }).map { URL(fileURLWithPath: $0) }
    }

    public init(directory: URL, defines: String = "", variant: String = "") {
        self.directory = directory
        self.defines = defines
        self.variant = variant
    }

    /// The shaders in `name`, a folder of this one, with `defines` before each body.
    public func folder(_ name: String, defines: String = "") -> ShaderSource {
        ShaderSource(directory: directory.appendingPathComponent(name), defines: defines)
    }

    /// The same shaders with `extra` after the defines, the variant called `variant` (after this
    /// one's name, where it has one): one source compiled into variants, as specialization
    /// constants would (a software GL runs a branch's code even where a uniform rules it out).
    public func adding(defines extra: String, variant: String) -> ShaderSource {
        ShaderSource(directory: directory, defines: defines + "\n" + extra, variant: self.variant.isEmpty ? variant : "\(self.variant)-\(variant)")
    }

    /// The full source of `name`, ready to compile.
    public func text(of name: String) throws -> String {
        let body = try read(name)
        var lines = body.components(separatedBy: "\n")
        guard let versionIndex = lines.firstIndex(where: { $0.hasPrefix("#version") }) else {
            throw GLError.shaderCompile(file: name, log: "the file has no #version line")
        }
        var included: Set<String> = []
        let expanded = try expand(lines[(versionIndex + 1)...], included: &included)
        lines = [lines[versionIndex], defines] + expanded
        return lines.joined(separator: "\n")
    }

    /// `lines` with each `#include "x"` replaced by x, expanded the same way: a file the text
    /// already has is left out, so an include shared by two others comes once.
    private func expand(_ lines: ArraySlice<String>, included: inout Set<String>) throws -> [String] {
        var expanded: [String] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#include") else {
                expanded.append(line)
                continue
            }
            let name = trimmed.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
            guard included.insert(name).inserted else { continue }
            expanded += try expand(ArraySlice(try read(name).components(separatedBy: "\n")), included: &included)
        }
        return expanded
    }

    private func read(_ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw GLError.shaderMissing(name: name, searched: [directory.path])
        }
        return text
    }

    /// Named integers as GLSL `#define` lines.
    public static func defines(_ integers: [(String, Int)]) -> String {
        integers.map { "#define \($0.0) \($0.1)" }.joined(separator: "\n")
    }

    /// Named floats as GLSL `#define` lines, each a float literal.
    public static func defines(floats: [(String, Float)]) -> String {
        floats.map { "#define \($0.0) \(glslFloat($0.1))" }.joined(separator: "\n")
    }

    /// A `vec3` GLSL literal.
    public static func glslVec3(_ v: SIMD3<Float>) -> String {
        "vec3(\(glslFloat(v.x)), \(glslFloat(v.y)), \(glslFloat(v.z)))"
    }

    /// A constant array of `type` from its items' literals: `vec3[2](…, …)`.
    public static func glslArray(_ type: String, _ items: [String]) -> String {
        "\(type)[\(items.count)](\(items.joined(separator: ", ")))"
    }

    /// A float literal GLSL reads as a float: always with a point or an exponent.
    public static func glslFloat(_ value: Float) -> String {
        let text = String(format: "%.9g", Double(value))
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
