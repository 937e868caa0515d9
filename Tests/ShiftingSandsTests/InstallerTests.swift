import Foundation
import Testing
@testable import ShiftingSands

/// scripts/install-desktop in a temporary home: what a desktop finds, and nothing left after
/// --uninstall.
@Suite("Desktop installer", .serialized)
struct InstallerTests {
    /// Runs `command` with `arguments` in the repository with `home` as HOME and the XDG
    /// folders empty, which counts as unset (swift build refused an empty one, and the
    /// installer with it): exit status and what it printed.
    private func run(_ command: String, _ arguments: [String], home: URL) throws -> (status: Int32, output: String) {
        let executable = command.hasPrefix("/") ? URL(fileURLWithPath: command) : CommandRun.repository.appendingPathComponent(command)
        let run = try CommandRun(executable: executable, arguments, environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""],
                                 removing: ["SHIFTING_SANDS_SHADERS"], directory: CommandRun.repository)
        return (run.status, run.stdout + run.stderr)
    }

    /// Every file under `home` but the build tools' caches (SwiftPM's, clang's).
    private func files(under home: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: home.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: home.appendingPathComponent(path).path, isDirectory: &isFolder)
            if !path.hasPrefix(".cache"), !path.hasPrefix(".swiftpm"), !path.hasPrefix(".local/share/bin"), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    @Test("install: a valid menu entry whose binary runs from anywhere, icons drawn by the app, completions, a manual; uninstall: nothing left")
    func installAndRemove() throws {
        try withTemporaryFolder("sands-home") { home in
            let install = try run("scripts/install-desktop", ["--binary", CommandRun.binary.path], home: home)
            #expect(install.status == 0, "\(install.output)")

            let entry = home.appendingPathComponent(".local/share/applications/shifting-sands.desktop")
            let validated = try run("/usr/bin/env", ["desktop-file-validate", entry.path], home: home)
            #expect(validated.status == 0 && validated.output.isEmpty, "desktop-file-validate: \(validated.output)")
            let text = try String(contentsOf: entry, encoding: .utf8)
            let binary = home.appendingPathComponent(".local/bin/shifting-sands")
            #expect(text.contains("Exec=\(binary.path)") && text.contains("Icon=shifting-sands") && text.contains("StartupWMClass=\(Window.className)"))

            let version = try run(binary.path, ["--version"], home: home)
            #expect(version.status == 0 && version.output.trimmingCharacters(in: .whitespacesAndNewlines) == AppVersion.current)
            for size in AppIcon.sizes {
                let icon = try Picture(path: home.appendingPathComponent(".local/share/icons/hicolor/\(size)x\(size)/apps/shifting-sands.png").path)
                #expect(icon.format == "png" && icon.width == size && icon.height == size)
                #expect(icon.litBounds(x: 0...(size - 1), y: 0...(size - 1)) != nil || size < 64, "the glass is drawn in the \(size) px icon")
                // On a transparent background, as desktop icons are: the corners clear, the pile solid.
                let alpha = { (x: Int, y: Int) in icon.pixels[(y * size + x) * 4 + 3] }
                #expect(alpha(0, 0) == 0 && alpha(size - 1, 0) == 0, "the \(size) px icon's corners are transparent")
                #expect(alpha(size / 2, size * 78 / 100) > 240, "the \(size) px icon's pile is opaque")
            }
            for completion in [".local/share/bash-completion/completions/shifting-sands", ".local/share/zsh/site-functions/_shifting-sands",
                               ".config/fish/completions/shifting-sands.fish"] {
                let script = try String(contentsOf: home.appendingPathComponent(completion), encoding: .utf8)
                #expect(script.contains("shifting-sands") && script.contains("simulate"), "\(completion)")
            }
            let manual = try String(contentsOf: home.appendingPathComponent(".local/share/man/man1/shifting-sands.1"), encoding: .utf8)
            #expect(manual.contains(".Dt SHIFTING-SANDS 1") && manual.contains("bench"), "a manual page with every command")

            let remove = try run("scripts/install-desktop", ["--uninstall"], home: home)
            #expect(remove.status == 0, "\(remove.output)")
            #expect(files(under: home).isEmpty, "left behind: \(files(under: home))")
            let again = try run("scripts/install-desktop", ["--uninstall"], home: home)
            #expect(again.status != 0 && again.output.split(separator: "\n").count == 1, "a second uninstall says there is nothing: \(again.output)")
        }
    }
}
