import Foundation

/// Takes a run's frames, one per 1/60 s of simulated time, as a video (the FFmpeg program, fed
/// raw RGBA on its standard input: the same libavcodec and libavformat, without linking their
/// hundred codec libraries into the binary and the GPU bundle) or as a folder of numbered PNGs.
final class ClipRecorder {
    static let framesPerSecond = 60
    /// Names that make a video; any other path is a folder of PNG frames.
    static let videoExtensions: Set<String> = ["mp4", "mkv", "mov", "webm"]

    private enum Sink {
        case encoder(Process, FileHandle, Pipe)
        case folder(URL)
    }

    let path: String
    private var sink: Sink?
    private(set) var frames = 0

    static func isVideo(_ path: String) -> Bool {
        videoExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The FFmpeg program on PATH, if any.
    static func encoder() -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent("ffmpeg") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    init(path: String) {
        self.path = path
    }

    /// Adds one frame, RGBA rows from the top; the first frame sets the size.
    func add(_ pixels: [UInt8], width: Int, height: Int) throws {
        if sink == nil { sink = try start(width: width, height: height) }
        frames += 1
        switch sink {
        case .encoder(_, let input, _):
            do {
                try input.write(contentsOf: pixels)
            } catch {
                throw CommandError("cannot record \(path): the encoder stopped taking frames at frame \(frames) (\(try finishEncoder()))")
            }
        case .folder(let folder):
            try Screenshot.save(pixels, width: width, height: height, to: folder.appendingPathComponent(String(format: "frame-%05d.png", frames)).path)
        case nil:
            break
        }
    }

    /// Ends the clip: the encoder writes its file and must say it succeeded.
    func finish() throws {
        guard case .encoder = sink else { return }
        let said = try finishEncoder()
        guard said.isEmpty else { throw CommandError("cannot record \(path): ffmpeg says \(said)") }
    }

    private func start(width: Int, height: Int) throws -> Sink {
        guard Self.isVideo(path) else {
            let folder = URL(fileURLWithPath: path)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandError("cannot make the frames' folder \(path): \(FileErrorText.describe(error, making: URL(fileURLWithPath: path)))")
            }
            return .folder(folder)
        }
        guard let encoder = Self.encoder() else {
            throw CommandError("cannot record \(path): ffmpeg is not installed (apt install ffmpeg); give a folder instead for PNG frames")
        }
        // A write to an encoder that has quit must fail with EPIPE, not end the app.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = encoder
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pixel_format", "rgba", "-video_size", "\(width)x\(height)",
                             "-framerate", "\(Self.framesPerSecond)", "-i", "-",
                             "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
            + (URL(fileURLWithPath: path).pathExtension.lowercased() == "webm" ? [] : ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20"])
            + [path]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandError("cannot record \(path): ffmpeg did not start (\(error.localizedDescription))")
        }
        return .encoder(process, input.fileHandleForWriting, errors)
    }

    /// Closes the encoder's input, waits for it, and returns what it said ("" for success).
    private func finishEncoder() throws -> String {
        guard case .encoder(let process, let input, let errors) = sink else { return "" }
        sink = nil
        try? input.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? ""
        process.waitUntilExit()
        if process.terminationStatus != 0 { return said.isEmpty ? "exit \(process.terminationStatus)" : said }
        return ""
    }
}
