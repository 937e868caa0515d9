import CStb
import Foundation
import Synchronization
import Testing
@testable import ShiftingSands

/// An X server of our own for the window tests: Xvfb on a display no other test has used, gone when released.
final class VirtualDisplay {
    let name: String
    private var process = Process()
    /// Where the server says it is ready; open while it runs.
    private var announcement = Pipe()

    static let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The next display number to try. Numbers are never reused within a test run: a server
    /// still shutting down removes its socket, and a new server on the same number then lost
    /// its own (CI: "Failed to open display :0" just after another suite's server went).
    private static let nextNumber = Mutex(20)

    init() throws {
        var refusals: [String] = []
        for _ in 0..<20 {
            let number = Self.nextNumber.withLock { number in
                defer { number += 1 }
                return number
            }
            if let name = try Self.start(process, announcement: announcement, display: number) {
                self.name = name
                return
            }
            refusals.append(":\(number)")
            process = Process()
            announcement = Pipe()
        }
        throw StartFailure(description: "Xvfb took none of the displays \(refusals.joined(separator: ", "))")
    }

    /// Starts Xvfb on a display; the display's name once it accepts connections, or nil where
    /// another server holds it.
    private static func start(_ process: Process, announcement: Pipe, display: Int) throws -> String? {
        process.executableURL = URL(fileURLWithPath: xvfb!)
        // -displayfd: the server writes the display's number once it accepts connections, or
        // exits having written nothing. -terminate: the server goes when its last client does,
        // even if this process dies first.
        process.arguments = [":\(display)", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-terminate"]
        process.standardOutput = announcement
        process.standardError = FileHandle.nullDevice
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")), case let more = announcement.fileHandleForReading.availableData, !more.isEmpty {
            said.append(more)
        }
        guard Int(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) == display else {
            process.waitUntilExit()
            return nil
        }
        return ":\(display)"
    }

    deinit {
        process.terminate()
        // A server told to stop while still starting can miss it, and a test that waits for it
        // then hangs (seen when the app failed at once): kill it after 2 s.
        for _ in 0..<40 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A decoded PNG, for looking at what the app drew.
struct Picture {
    let width: Int, height: Int
    let pixels: [UInt8]
    /// What the file's first bytes say it is: png, jpeg, bmp or unknown.
    let format: String

    init(path: String) throws {
        let magic = [UInt8]((FileManager.default.contents(atPath: path) ?? Data()).prefix(3))
        format = magic == [0x89, 0x50, 0x4E] ? "png" : magic == [0xFF, 0xD8, 0xFF] ? "jpeg" : magic.starts(with: [0x42, 0x4D]) ? "bmp" : "unknown"
        var width: Int32 = 0, height: Int32 = 0, channels: Int32 = 0
        guard let data = stbi_load(path, &width, &height, &channels, 4) else { throw PictureError(path: path) }
        defer { stbi_image_free(data) }
        self.width = Int(width)
        self.height = Int(height)
        pixels = Array(UnsafeBufferPointer(start: data, count: Int(width * height * 4)))
    }

    /// The columns and rows of the rectangle (pixels) in which more than 20 pixels a line are lit.
    func litBounds(x: ClosedRange<Int>, y: ClosedRange<Int>) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        func lit(_ column: Int, _ row: Int) -> Bool {
            let i = (row * width + column) * 4
            return Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2]) > 60
        }
        let columns = x.filter { column in y.filter { lit(column, $0) }.count > 20 }
        let rows = y.filter { row in x.filter { lit($0, row) }.count > 20 }
        guard let left = columns.first, let right = columns.last, let top = rows.first, let bottom = rows.last else { return nil }
        return (left...right, top...bottom)
    }

    /// Mean colour (0–255) over a rectangle given as fractions of the picture.
    func mean(x: ClosedRange<Double>, y: ClosedRange<Double>) -> SIMD3<Double> {
        var sum = SIMD3<Double>(), count = 0.0
        for row in Int(y.lowerBound * Double(height))..<Int(y.upperBound * Double(height)) {
            for column in Int(x.lowerBound * Double(width))..<Int(x.upperBound * Double(width)) {
                let i = (row * width + column) * 4
                sum += SIMD3(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]))
                count += 1
            }
        }
        return sum / count
    }

    /// Fraction of pixels in a rectangle that look like golden sand.
    func sandFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in r > 110 && r > g * 1.1 && g > b * 1.3 }
    }
}

struct PictureError: Error { let path: String }

@Suite("Window (under Xvfb)", .serialized, .enabled(if: VirtualDisplay.xvfb != nil, "Xvfb is not installed"))
struct WindowTests {
    /// In 800 × 500 with the overlay, the hourglass stands in the band above the readout (its
    /// cap near the top, the neck at 0.35, the lower cap at 0.66); the pile fills the lower bulb.
    static let lowerBulb = (x: 0.46...0.54, y: 0.52...0.60)
    static let upperBulb = (x: 0.46...0.54, y: 0.12...0.28)

    func screenshot(_ arguments: [String], window: String = "800x500", name: String = "shot.png") throws -> Picture {
        let display = try VirtualDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        let run = try CommandRun(["run", "--screenshot", path, "--window", window] + arguments,
                                 environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": folder.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("fonts-wqy-microhei"), "the Chinese overlay's font is missing: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("shifting-sands").path), "a screenshot run saves no settings")
        return try Picture(path: path)
    }

    @Test("each mode draws the glass and a golden pile in the lower chamber, alike in look",
          arguments: [["--mode", "cpu", "--count", "250"], ["--mode", "gpu", "--count", "400"], ["--mode", "instanced", "--count", "400"]])
    func pileInEachMode(arguments: [String]) throws {
        let picture = try screenshot(arguments + ["--frames", "30"])
        #expect(picture.width == 800 && picture.height == 500)
        #expect(picture.sandFraction(x: Self.lowerBulb.x, y: Self.lowerBulb.y) > 0.6)
        #expect(picture.sandFraction(x: Self.upperBulb.x, y: Self.upperBulb.y) < 0.02)
        let pile = picture.mean(x: Self.lowerBulb.x, y: Self.lowerBulb.y)
        #expect(pile.x > 120 && pile.x < 245, "warm and not blown out: \(pile)")
        #expect(pile.x > pile.y && pile.y > pile.z * 1.3)
    }

    /// Before, a screenshot or clip run read "60 fps", the rate of its simulated frames of 1/60
    /// s, however fast or slowly this machine drew them.
    @Test("a screenshot run's frame rate is this machine's drawing rate, not its frames' 60")
    func measuredFrameRate() throws {
        let display = try VirtualDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-rate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.csv").path
        let run = try CommandRun(["run", "--mode", "cpu", "--count", "250", "--window", "800x500", "--frames", "120",
                                  "--screenshot", folder.appendingPathComponent("shot.png").path, "--trace", trace],
                                 environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": folder.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst()
        let rates = rows.compactMap { Double($0.split(separator: ",", omittingEmptySubsequences: false)[9]) }.filter { $0 > 0 }
        #expect(rates.count > 30 && rates.contains { abs($0 - 60) > 0.5 }, "the readout's rates: \(Set(rates).sorted())")
    }

    /// Before, the comparison's own count took the CPU's place by clearing it, and the window
    /// saved that on quitting: the next window came up at the machine's default.
    @Test("--compare without --count leaves the CPU mode's saved count as it was")
    func compareKeepsSavedCount() throws {
        let display = try VirtualDisplay()
        try withTemporaryFolder("sands-compare") { folder in
            try MachineFitSeed.write(in: folder)
            let store = SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
            var saved = HourglassSettings()
            saved.counts = [.cpu: 700, .gpu: 2000]
            try JSONEncoder().encode(saved).write(to: store.url)
            let run = try CommandRun(["run", "--compare", "--window", "800x500", "--quit-after", "1"],
                                     environment: ["DISPLAY": display.name, "XDG_CONFIG_HOME": folder.path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(store.load().counts == [.cpu: 700, .gpu: 2000], "saved: \((try? String(contentsOf: store.url, encoding: .utf8)) ?? "")")
        }
    }

    /// Before, a name ending in .jpg got PNG bytes.
    @Test("a screenshot named .jpg is a JPEG")
    func jpeg() throws {
        let picture = try screenshot(["--frames", "5"], name: "shot.jpg")
        #expect(picture.width == 800 && picture.height == 500 && picture.format == "jpeg")
    }

    @Test("the default picture: an hourglass three quarters of the window high, glass that leaves the backdrop as it is, a highlight down the bulb")
    func look() throws {
        // The defaults (250 CPU grains at rest), 1280 × 800, the scene alone (docs/RENDERING.md).
        let picture = try screenshot(["--hide-overlay", "--frames", "60"], window: "1280x800")
        let caps = try #require(picture.woodRows(x: 0.4...0.6), "no wooden caps in the middle of the picture")
        #expect(Double(caps.count) / Double(picture.height) >= 0.70, "the hourglass spans \(caps) of \(picture.height) rows")
        // The empty upper bulb's middle against the backdrop beside the glass, on the same rows.
        let bulb = (Double(caps.lowerBound) + 0.3 * Double(caps.count)) / Double(picture.height)
        let rows = (bulb - 0.03)...(bulb + 0.03)
        let through = picture.mean(x: 0.49...0.51, y: rows).sum()
        let beside = (picture.mean(x: 0.30...0.32, y: rows).sum() + picture.mean(x: 0.68...0.70, y: rows).sum()) / 2
        #expect((0.9...1.3).contains(through / beside), "through the glass \(through), beside it \(beside)")
        let streak = picture.longestBrightRun(x: 0.4...0.6, y: (Double(caps.lowerBound) / Double(picture.height))...0.5, reference: 0.30...0.33)
        #expect(Double(streak) >= 0.1 * Double(picture.height), "the longest highlight down the upper bulb is \(streak) rows")
    }

    @Test("--compare shows three hourglasses, each with its pile")
    func compare() throws {
        let picture = try screenshot(["--compare", "--count", "100", "--frames", "20"])
        // The glasses stand in the band between the top and bottom panels (rows 0.30–0.62).
        for centre in [1.0 / 6, 0.5, 5.0 / 6] {
            #expect(picture.sandFraction(x: (centre - 0.02)...(centre + 0.02), y: 0.54...0.59) > 0.5, "a pile in the column at \(centre)")
            #expect(picture.sandFraction(x: (centre - 0.02)...(centre + 0.02), y: 0.36...0.44) < 0.02)
        }
    }

    /// Before, the GPU glass drew random colours from a 24-hue palette and the Instanced glass a
    /// hue of its own for each grain, so two engines that agree looked different.
    @Test("side by side, the GPU and Instanced glasses draw the same picture, random colours and all")
    func compareGPUAndInstanced() throws {
        let picture = try screenshot(["--compare", "--colors", "--count", "150", "--autostart", "--hide-overlay", "--frames", "200"], window: "1200x500")
        // Each glass has a column of 400 pixels: the GPU's the middle one, the Instanced the right.
        var differing = 0, sandy = 0
        for y in 0..<picture.height {
            for x in 0..<400 {
                let gpu = (y * picture.width + 400 + x) * 4, instanced = gpu + 400 * 4
                let difference = (0..<3).map { abs(Int(picture.pixels[gpu + $0]) - Int(picture.pixels[instanced + $0])) }.max()!
                if difference > 48 { differing += 1 }
                if (0..<3).map({ Int(picture.pixels[gpu + $0]) }).max()! > 120 { sandy += 1 }
            }
        }
        #expect(sandy > 4_000, "the glasses hold lit grains: \(sandy) bright pixels")
        #expect(Double(differing) / Double(400 * picture.height) < 0.003, "\(differing) pixels differ between the GPU and Instanced glasses")
    }

    @Test("mid-run, sand is in both chambers and the timer has started")
    func midRun() throws {
        // 2 s of settling, 1.2 s of flip and 2.3 s of running, of a 5 s timer that keeps time.
        let picture = try screenshot(["--mode", "cpu", "--count", "250", "--autostart", "--duration", "5", "--frames", "330"])
        #expect(picture.sandFraction(x: 0.44...0.56, y: 0.14...0.30) > 0.1, "sand above the neck")
        #expect(picture.sandFraction(x: 0.44...0.56, y: 0.48...0.62) > 0.1, "sand below the neck")
        #expect(picture.sandFraction(x: 0.49...0.51, y: 0.31...0.37) > 0.0, "a grain in the neck")
    }

    @Test("a scripted orbit shows the hourglass from above: the top cap over the upper bulb, the pile nearer the middle")
    func orbit() throws {
        let front = try screenshot(["--mode", "cpu", "--count", "250", "--frames", "20"])
        let above = try screenshot(["--mode", "cpu", "--count", "250", "--frames", "20", "--orbit", "-20,60"])
        let capFront = front.mean(x: 0.46...0.54, y: 0.12...0.26), capAbove = above.mean(x: 0.46...0.54, y: 0.12...0.26)
        #expect(capAbove.x > capAbove.z * 1.8 && capFront.x < capFront.z * 1.5, "brown cap from above \(capAbove), clear glass over the warm grey backdrop from the front \(capFront)")
        let middle = (x: 0.46...0.54, y: 0.32...0.42)
        #expect(above.sandFraction(x: middle.x, y: middle.y) > 0.3, "the pile seen from above stands nearer the middle")
        #expect(front.sandFraction(x: middle.x, y: middle.y) < 0.1)
    }

    @Test("the wave scene: scripted presses make lit rings over a backdrop that shows through calm water")
    func waves() throws {
        let calm = try screenshot(["--scene", "waves", "--frames", "30"])
        let rippled = try screenshot(["--scene", "waves", "--frames", "45", "--poke", "0.35,0.45", "--poke", "0.6,0.55@0.25"])
        // Calm water is transparent: every column of a row shows the same backdrop (a row
        // between the panel top right and the readout bottom left).
        let left = calm.mean(x: 0.45...0.5, y: 0.68...0.72), right = calm.mean(x: 0.9...0.95, y: 0.68...0.72)
        #expect(abs(left.sum() - right.sum()) < 3, "calm water shows the gradient alone: \(left) \(right)")
        // A ring 0.75 s after the first press, about a fifth of the window's height from it.
        let ring = rippled.tealFraction(x: 0.15...0.55, y: 0.05...0.85)
        #expect(ring > 0.05, "teal rings: \(ring)")
        #expect(calm.tealFraction(x: 0.15...0.55, y: 0.05...0.85) < 0.001)
        #expect(rippled.brightFraction(x: 0.15...0.85, y: 0.05...0.85) > 0.0005, "highlights or foam where the light catches the rings")
    }

    @Test("the sparkles scene mid-press: the border glows nearest the press, the ripple ring runs out, the particle cloud converges on the pointer")
    func sparkles() throws {
        // 800x500 with the overlay hidden (with it, the capsule moves left of the panel): the
        // capsule is 480x200 at (160, 150). Press at (200, 250) at 0.05 s, drag to
        // (240, 200) by 0.5 s, shot at 0.65 s: ripple time 0.3, so the ring's peak is ~164 px
        // from the press and its front 240 px.
        func at(_ x: ClosedRange<Double>, _ y: ClosedRange<Double>) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
            ((x.lowerBound / 800)...(x.upperBound / 800), (y.lowerBound / 500)...(y.upperBound / 500))
        }
        let rest = try screenshot(["--scene", "sparkles", "--frames", "20", "--hide-overlay"])
        let pressed = try screenshot(["--scene", "sparkles", "--frames", "39", "--hide-overlay", "--press", "0.25,0.5@0.05", "--drag", "0.3,0.4@0.5"])
        let nearEdge = at(220...260, 146...154), farEdge = at(540...580, 346...354)
        let near = pressed.mean(x: nearEdge.x, y: nearEdge.y), far = pressed.mean(x: farEdge.x, y: farEdge.y)
        #expect(near.sum() > far.sum() * 2 + 60, "glow near the press \(near), far from it \(far)")
        let restEdge = rest.mean(x: nearEdge.x, y: nearEdge.y)
        #expect(near.sum() > restEdge.sum() + 100, "no glow at rest: \(restEdge)")
        let ringBand = at(340...380, 320...335), beyond = at(480...540, 320...335)
        let ring = pressed.mean(x: ringBand.x, y: ringBand.y), outside = pressed.mean(x: beyond.x, y: beyond.y)
        #expect(ring.sum() > outside.sum() + 30 && outside.sum() < 15, "ring \(ring), not yet reached \(outside)")
        let pointer = at(220...280, 180...240)
        let cloud = pressed.blueFraction(x: pointer.x, y: pointer.y)
        #expect(cloud > 0.2, "particles at the pointer: \(cloud)")
        #expect(rest.blueFraction(x: 0.2...0.8, y: 0.3...0.7) == 0, "no cloud at rest")
    }

    @Test("the titanium square at rest: lit within the square, brightest toward its top-right focal point, black around it")
    func titaniumAtRest() throws {
        // 800x500: the square stands left of the panel (about 170 px, at 129…299, 162…332 today);
        // found from its lit columns and rows, so the panel's width may change.
        let rest = try screenshot(["--scene", "titanium", "--frames", "150"])
        let square = try #require(rest.litBounds(x: 0...440, y: 0...380), "nothing lit left of the panel")
        #expect((140...220).contains(square.x.count) && (140...220).contains(square.y.count), "a square about 170 px: \(square)")
        func corner(_ fx: Double, _ fy: Double) -> SIMD3<Double> {
            let side = Double(square.x.count), x = Double(square.x.lowerBound) + fx * side, y = Double(square.y.lowerBound) + fy * side
            return rest.mean(x: (x / 800)...((x + 0.2 * side) / 800), y: (y / 500)...((y + 0.2 * side) / 500))
        }
        let topRight = corner(0.75, 0.05), bottomLeft = corner(0.05, 0.75)
        let outside = rest.mean(x: (20.0 / 800)...(110.0 / 800), y: (20.0 / 500)...(120.0 / 500))
        #expect(topRight.sum() > bottomLeft.sum() * 1.5 && topRight.sum() > 200, "highlight \(topRight), base \(bottomLeft)")
        #expect(bottomLeft.sum() > 15, "the base layer shows: \(bottomLeft)")
        #expect(outside.sum() < 1, "black around the square: \(outside)")
        // Grey metal in the Titanium theme: no channel far from the others.
        #expect(topRight.max() - topRight.min() < 40, "grey: \(topRight)")
    }

    @Test("the titanium square with a scripted cursor path: a dark channel along the path between bright ridges of pushed particles")
    func titaniumCursorTrail() throws {
        let rest = try screenshot(["--scene", "titanium", "--frames", "150"])
        let swept = try screenshot(["--scene", "titanium", "--frames", "150", "--cursor", "0.15,0.3@1.0", "--cursor", "0.45,0.7@2.5"])
        // The path runs (120, 150) → (360, 350) px; sample bands parallel to it over its middle.
        func band(_ picture: Picture, offset: Double) -> (mean: Double, bright: Double) {
            let (dx, dy) = (240.0, 200.0), length = (dx * dx + dy * dy).squareRoot()
            let (nx, ny) = (-dy / length, dx / length)
            var sum = 0.0, bright = 0.0, n = 0.0
            for i in 0..<160 {
                let f = 0.3 + 0.4 * Double(i) / 159
                for k in -4...4 {
                    let x = Int(120 + dx * f + nx * (offset + Double(k))), y = Int(150 + dy * f + ny * (offset + Double(k)))
                    let c = picture.pixel(x: x, y: y)
                    sum += c.sum()
                    bright += c.sum() > 450 ? 1 : 0
                    n += 1
                }
            }
            return (sum / n, bright / n)
        }
        let channel = band(swept, offset: 0), restChannel = band(rest, offset: 0)
        #expect(channel.mean < restChannel.mean * 0.6, "the path is cleared: \(channel.mean) against \(restChannel.mean) at rest")
        // Beside the channel, the pushed particles pile into ridges brighter than the channel by far.
        let ridges = [-40.0, -30, -20, 20, 30, 40].map { band(swept, offset: $0).mean }.max()!
        #expect(ridges > channel.mean * 2.5 && ridges > 60, "ridges \(ridges) beside a channel of \(channel.mean)")
    }

    @Test("mid theme change: particles of both colours, scattered by the burst past the square's edge")
    func titaniumThemeChange() throws {
        let rest = try screenshot(["--scene", "titanium", "--frames", "120"])
        // The change starts at 1 s; the colour switches at the burst's peak (0.6 s); 2 s shows both.
        let changing = try screenshot(["--scene", "titanium", "--frames", "120", "--theme-change-at", "1"])
        // The square stands about (131…306, 162…338), left of the panel.
        let square = (x: (140.0 / 800)...(300.0 / 800), y: (170.0 / 500)...(330.0 / 500))
        #expect(rest.goldFraction(x: square.x, y: square.y) < 0.002, "Titanium is grey at rest")
        let gold = changing.goldFraction(x: square.x, y: square.y), grey = changing.greyFraction(x: square.x, y: square.y)
        #expect(gold > 0.03 && grey > 0.05, "both colours during the change: gold \(gold), grey \(grey)")
        // Above the square (y 80–140), black at rest; the burst throws particles there.
        let above = (x: (150.0 / 800)...(300.0 / 800), y: (80.0 / 500)...(140.0 / 500))
        #expect(rest.litFraction(x: above.x, y: above.y) < 0.002)
        #expect(changing.litFraction(x: above.x, y: above.y) > 0.008, "scattered past the edge")
    }

    @Test("the overlay in Simplified Chinese: the font is found and the panels' text changes")
    func chineseOverlay() throws {
        let english = try screenshot(["--scene", "titanium", "--frames", "5", "--language", "en"])
        let chinese = try screenshot(["--scene", "titanium", "--frames", "5", "--language", "zh-Hans"])
        // The readout's lines (bottom left) and the panel's labels (top right) differ; the square does not matter here.
        var differing = 0
        for y in stride(from: 400, to: 490, by: 2) {
            for x in stride(from: 20, to: 380, by: 2) where english.pixel(x: x, y: y) != chinese.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing > 200, "the readout's text changed: \(differing) pixels")
    }
}

extension Picture {
    func litFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in r + g + b > 60 }
    }

    /// Fraction of lit pixels that look golden: red above blue (dense gold adds up to near white).
    func goldFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in r + g + b > 150 && r > b * 1.15 }
    }

    /// Fraction of lit pixels with no channel far from the others (the Titanium theme).
    func greyFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in r + g + b > 150 && max(r, g, b) - min(r, g, b) < 30 }
    }

    /// Fraction of pixels that look like the sparkles' particles: blue well above red.
    func blueFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, _, b in b > 120 && b > r + 60 }
    }

    /// Fraction of pixels in a rectangle that look like lit water: blue-green well above red.
    func tealFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in g > r + 50 && b > r + 50 && g > 80 }
    }

    /// Fraction of near-white pixels: foam and highlights.
    func brightFraction(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Double {
        count(x: x, y: y) { r, g, b in r > 180 && g > 200 && b > 200 }
    }

    /// The first to the last row in which more than 20 pixels of the columns look like the
    /// caps' lit wood (the desk beneath is darker).
    func woodRows(x: ClosedRange<Double>) -> ClosedRange<Int>? {
        let columns = Int(x.lowerBound * Double(width))..<Int(x.upperBound * Double(width))
        let rows = (0..<height).filter { row in
            columns.filter { column in
                let c = pixel(x: column, y: row)
                return c.x > 90 && c.x > c.z * 1.4 && c.x - c.z > 40
            }.count > 20
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    /// The most rows in a row, within the rectangle, that have a pixel at least 1.8 times as
    /// bright as the backdrop on that row (the mean over `reference` columns) and near white
    /// (over 110 of 255 a channel), in a window of 7 columns that follows a streak as it bends.
    func longestBrightRun(x: ClosedRange<Double>, y: ClosedRange<Double>, reference: ClosedRange<Double>) -> Int {
        let rows = Int(y.lowerBound * Double(height))..<Int(y.upperBound * Double(height))
        let columns = Int(x.lowerBound * Double(width))..<Int(x.upperBound * Double(width))
        let referenceColumns = Int(reference.lowerBound * Double(width))..<Int(reference.upperBound * Double(width))
        let bright = rows.map { row -> [Bool] in
            let backdrop = referenceColumns.map { pixel(x: $0, y: row).sum() }.reduce(0, +) / Double(referenceColumns.count)
            return columns.map { pixel(x: $0, y: row).sum() > max(backdrop * 1.8, 330) }
        }
        var longest = 0
        for column in 0..<columns.count {
            var run = 0
            for row in bright.indices {
                let window = max(column - 3, 0)...min(column + 3, columns.count - 1)
                run = window.contains { bright[row][$0] } ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }

    /// RGB (0–255) at pixel (x, y) from the top left.
    func pixel(x: Int, y: Int) -> SIMD3<Double> {
        let i = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4
        return SIMD3(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]))
    }

    func count(x: ClosedRange<Double>, y: ClosedRange<Double>, _ test: (Double, Double, Double) -> Bool) -> Double {
        var hits = 0.0, total = 0.0
        for row in Int(y.lowerBound * Double(height))..<Int(y.upperBound * Double(height)) {
            for column in Int(x.lowerBound * Double(width))..<Int(x.upperBound * Double(width)) {
                let i = (row * width + column) * 4
                if test(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2])) { hits += 1 }
                total += 1
            }
        }
        return hits / total
    }
}
