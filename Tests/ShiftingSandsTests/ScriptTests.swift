import Testing
@testable import ShiftingSands

@Suite("Scripted input")
struct ScriptTests {
    @Test("a pointer path starts at its first point, glides between points and stays at the last")
    func path() throws {
        let path = PointerPath([.init(x: 0.5, y: 0.5, seconds: 2), .init(x: 0.1, y: 0.9, seconds: 1)])
        #expect(path.points.map(\.seconds) == [1, 2], "points in order of time")
        #expect(path.position(at: 0.5) == nil)
        let start = try #require(path.position(at: 1)), middle = try #require(path.position(at: 1.5)), end = try #require(path.position(at: 9))
        #expect(start == (0.1, 0.9) && abs(middle.x - 0.3) < 1e-6 && abs(middle.y - 0.7) < 1e-6 && end == (0.5, 0.5))
    }

    @Test("X,Y@TIME is read once for every scene's options", arguments: [
        ("0.25,0.75", true, nil), ("0.25,0.75@1.5", true, "1.5"), ("1.5,0.5@1", false, nil), ("0.5,abc", false, nil), ("0.5", false, nil),
    ] as [(String, Bool, String?)])
    func point(text: String, valid: Bool, time: String?) {
        let point = ScriptText.point(text)
        #expect((point != nil) == valid)
        #expect(point?.time.map(String.init) == time)
        #expect(ScriptText.seconds("2.5") == 2.5 && ScriptText.seconds("-1") == nil && ScriptText.seconds("soon") == nil)
    }

    @Test("a sparkles press glides to its drags and lets go at its end")
    func sparklesScript() throws {
        let script = try SparklesScene.Script.checked(presses: [SparklesScene.Script.press("0.2,0.2@1-3")], drags: [SparklesScene.Script.drag("0.6,0.2@2")])
        #expect(script.pointer(at: 0.5) == nil)
        let glide = try #require(script.pointer(at: 1.5)), after = try #require(script.pointer(at: 3.5))
        #expect(abs(glide.x - 0.4) < 1e-6 && glide.down)
        #expect(after.x == 0.6 && !after.down)
    }
}
