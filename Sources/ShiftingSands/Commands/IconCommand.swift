import ArgumentParser
import GLSupport
import SandGL

/// Draws the app's icon (AppIcon) as a PNG, headless: scripts/install-desktop installs it.
struct IconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon",
        abstract: "Draw the app's icon (its glass and sand) as a square PNG, headless."
    )

    @Option(parsing: .unconditional, help: "Width and height in pixels, 16–1024.")
    var size = 256

    @Option(help: "The PNG to write.", completion: .file())
    var output: String

    func validate() throws {
        guard (16...1024).contains(size) else { throw ValidationError("--size \(size) is outside 16–1024 pixels") }
        try ArgumentChecks.outputFile(output, option: "--output")
        guard Screenshot.Format(path: output) == .png else {
            throw ValidationError("--output \(output): an icon is written as PNG (.png), the format that keeps its transparent background")
        }
    }

    func run() throws {
        let shaders = try ShaderSource.locateHourglass()
        let context = try HeadlessContext()
        try withExtendedLifetime(context) {
            try Screenshot.save(try AppIcon.images(sizes: [size], shaders: shaders)[0].pixels, width: size, height: size, to: output)
        }
        Console.progress("icon written to \(output)")
    }
}
