import Foundation
import GLSupport
import SandGL
import SandSim

/// The app's icon, drawn by the app: its own glass with a fresh pile of sand, close up, on a
/// transparent background, as desktop icons are. Drawn at four times the size and averaged
/// down, since the grains are drawn at one sample a pixel.
enum AppIcon {
    /// The sizes installed into the desktop's icon theme (scripts/install-desktop).
    static let sizes = [48, 128, 256]
    static let name = "shifting-sands"
    private static let supersampling = 4
    private static let grains = 1000
    /// Nearer than the window's camera: the glass fills the square.
    private static let camera = Camera(pitch: 0.14, distance: 1.9)

    /// Each of `sizes` as RGBA rows from the top, `size` × `size`, from one renderer and one pile;
    /// needs a current GL 4.3 context.
    static func images(sizes: [Int], shaders: ShaderSource) throws -> [(size: Int, pixels: [UInt8])] {
        let renderer = try SceneRenderer(shaders: shaders)
        renderer.drawsSetting = false
        let run = try SandRun(GrainSettings(mode: .cpu, count: grains), timing: .seconds(HourglassTimer.durationRange.lowerBound), shaders: nil, threads: 1)
        try run.sandMode.setColors(GrainColors.perGrain(count: grains, random: false))
        let presented = try run.sandMode.present(shape: .impostor, timed: false)
        let scene = DrawnHourglass(profile: run.pile.profile, angle: 0, grains: presented.source)
        return try sizes.map { size in
            let big = size * supersampling
            let target = OffscreenTarget(width: big, height: big)
            renderer.render([(scene, Viewport(x: 0, y: 0, width: big, height: big))], width: big, height: big, into: target.framebuffer, camera: camera)
            try GLError.check("drawing the icon")
            return (size, downsampled(WindowFramebuffer.read(framebuffer: target.framebuffer, width: big, height: big), size: size))
        }
    }

    /// Each output pixel the mean of its `supersampling`² source pixels, whose colours are
    /// multiplied by their alpha (the glass is blended so), divided by it again, as PNG and the
    /// window manager take colours.
    private static func downsampled(_ pixels: [UInt8], size: Int) -> [UInt8] {
        let factor = supersampling, big = size * factor
        var out = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                var sum = SIMD4<Int>()
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let i = ((y * factor + dy) * big + x * factor + dx) * 4
                        sum &+= SIMD4(Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
                    }
                }
                let alpha = sum[3]
                for channel in 0..<3 { out[(y * size + x) * 4 + channel] = UInt8(alpha > 0 ? min(sum[channel] * 255 / alpha, 255) : 0) }
                out[(y * size + x) * 4 + 3] = UInt8(alpha / (factor * factor))
            }
        }
        return out
    }
}
