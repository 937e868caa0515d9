import Foundation
import GLSupport
import GLTestSupport
import Testing

/// A uniform set by a name no shader declares did nothing, in silence (`ShaderProgram.set`);
/// debug builds now stop there, and this finds a misspelt name without running the scene.
@Suite("Uniforms set by name")
struct ShaderUniformTests {
    static let root = Checkout.folder

    static func files(under folder: String, _ extensions: Set<String>) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (enumerator?.compactMap { $0 as? URL } ?? []).filter { extensions.contains($0.pathExtension) }
    }

    @Test("declarations are read as GLSL writes them: several a line, arrays, comments and blocks left out")
    func declarations() {
        let source = """
        uniform vec2 viewportSize, centre;   // px; uniform float notThis;
        uniform uint layerEnd[3];
        layout(location = 2) uniform mat4 model;
        layout(std140, binding = 1) uniform Block {
            float inside;
        };
        // uniform float commented;
        """
        #expect(ShaderProgram.declaredUniforms(in: source) == ["viewportSize", "centre", "layerEnd", "model"])
    }

    @Test("every name the app sets on a program is a uniform a shader declares")
    func everySetNameDeclared() throws {
        let declared = try Self.files(under: "Shaders", ["comp", "vert", "frag", "glsl"]).reduce(into: Set<String>()) {
            $0.formUnion(ShaderProgram.declaredUniforms(in: try String(contentsOf: $1, encoding: .utf8)))
        }
        #expect(declared.count > 50, "the shaders' uniforms were found: \(declared.count)")
        var set = Set<String>()
        for file in Self.files(under: "Sources", ["swift"]) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for call in text.matches(of: /\.set\("(\w+)"/) { set.insert(String(call.1)) }
        }
        #expect(set.count > 30, "the calls were found: \(set.count)")
        #expect(set.subtracting(declared).sorted() == [], "set but declared by no shader")
    }
}
