import Foundation
import Testing

/// `run --record`: frames of simulated time at 60 a second, however slowly this machine draws.
@Suite("Clip", .serialized)
struct ClipTests {
    private func record(_ target: String, seconds: String, in folder: URL) throws -> CommandRun {
        let display = try VirtualDisplay()
        return try CommandRun(["run", "--record", folder.appendingPathComponent(target).path, "--seconds", seconds, "--window", "640x400",
                               "--hide-overlay", "--autostart", "--duration", "5"],
                              environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": folder.path])
    }

    @Test("an .mp4 of 1 s holds 60 frames at 60 fps of the window's size, as ffprobe reads it")
    func video() throws {
        try withTemporaryFolder("sands-clip") { folder in
            let run = try record("clip.mp4", seconds: "1", in: folder)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("recorded 60 frames"), "\(run.stderr)")
            let probe = try Self.probe(folder.appendingPathComponent("clip.mp4"))
            #expect(probe["nb_read_frames"] == "60" && probe["r_frame_rate"] == "60/1", "\(probe)")
            #expect(probe["width"] == "640" && probe["height"] == "400", "\(probe)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("shifting-sands").path), "a recording saves no settings")
        }
    }

    @Test("any other name is a folder of numbered PNG frames, one per 1/60 s")
    func frames() throws {
        try withTemporaryFolder("sands-clip") { folder in
            let run = try record("frames", seconds: "0.5", in: folder)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).sorted()
            #expect(names.count == 30 && names.first == "frame-00001.png" && names.last == "frame-00030.png", "\(names)")
            let last = try Picture(path: folder.appendingPathComponent("frames/frame-00030.png").path)
            #expect(last.format == "png" && last.width == 640 && last.height == 400)
            #expect(last.litBounds(x: 0...639, y: 0...399) != nil, "the hourglass is drawn")
        }
    }

    /// ffprobe's count of decoded frames, rate and size for the first video stream.
    static func probe(_ file: URL) throws -> [String: String] {
        let text = try CommandRun(tool: "ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                    "-show_entries", "stream=nb_read_frames,r_frame_rate,width,height", "-of", "default=nw=1", file.path]).stdout
        return Dictionary(text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }) { first, _ in first }
    }
}
