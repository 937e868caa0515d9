import Foundation
import GLSupport
import GLTestSupport
@testable import SandGL
import Testing

/// Every hourglass program takes its parameters in std140 blocks with Swift mirrors: a member
/// misspelt or moved on either side, which set by name did nothing in silence, fails here.
@Suite("The hourglass's uniform blocks (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct HourglassBlockTests {
    @Test("each block lies as its Swift mirror says, in a program that reads it")
    func layouts() throws {
        let context = try HeadlessContext(), source = GLFixture.shaders
        let caps = try ShaderProgram(vertex: "surface.vert", fragment: "caps.frag", source: source)
        #expect(caps.layoutMismatches(of: HourglassViewBlock.self) == [])
        #expect(caps.layoutMismatches(of: CapsBlock.self) == [])
        #expect(try ShaderProgram(vertex: "surface.vert", fragment: "glass.frag", source: source).layoutMismatches(of: GlassBlock.self) == [])
        #expect(try ShaderProgram(vertex: "backdrop.vert", fragment: "backdrop.frag", source: source).layoutMismatches(of: BackdropBlock.self) == [])
        #expect(try ShaderProgram(vertex: "desk.vert", fragment: "desk.frag", source: source).layoutMismatches(of: DeskBlock.self) == [])
        #expect(try ShaderProgram(compute: "grain_prepare.comp", source: source).layoutMismatches(of: GrainShadingBlock.self) == [])
        #expect(try ShaderProgram(compute: "contact_list.comp", source: source).layoutMismatches(of: ListingBlock.self) == [])
        #expect(try ShaderProgram(compute: "write_back.comp", source: source).layoutMismatches(of: DispatchBlock.self) == [])
        withExtendedLifetime(context) {}
    }

    /// The view's block as a mirror with one member's name misspelt.
    struct MisspeltView: UniformBlockMirror {
        static let blockName = "HourglassViewBlock"
        static let binding = HourglassViewBlock.binding
        var block: HourglassViewBlock
        static let layout = HourglassViewBlock.layout.map { ($0.0 == "cameraPosition" ? "cameraPositon" : $0.0, $0.1) }
    }

    @Test("a misspelt member is named")
    func misspelt() throws {
        let context = try HeadlessContext()
        let program = try ShaderProgram(vertex: "surface.vert", fragment: "caps.frag", source: GLFixture.shaders)
        #expect(program.layoutMismatches(of: MisspeltView.self) == ["HourglassViewBlock.cameraPositon is not an active member"])
        withExtendedLifetime(context) {}
    }

    /// Set by name, a parameter had no Swift mirror to check it against.
    @Test("no shader declares a plain uniform: only blocks, textures and images")
    func noPlainUniforms() throws {
        let root = Checkout.folder.appendingPathComponent("Shaders")
        let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { ["comp", "vert", "frag", "glsl"].contains($0.pathExtension) }
        #expect(files.count > 40, "the shaders were found: \(files.count)")
        var plain: [String] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard code.firstMatch(of: /\buniform\s+\w+\s+\w+/) != nil, !code.contains("sampler"), !code.contains("image") else { continue }
                plain.append("\(file.lastPathComponent): \(line)")
            }
        }
        #expect(plain == [])
    }
}
