import Foundation
import SandSim
@testable import ShiftingSands

/// A kept measurement for the window tests' fresh settings folders, so the app starts at once
/// instead of measuring this machine for a few seconds first: every mode's default is 250, as
/// where nothing fits (MachineFitTests).
enum MachineFitSeed {
    /// The renderer the window will report, as `bench` names it (llvmpipe names itself the same
    /// headless), from a run of its own: a GL context in this process would share EGL's display
    /// with the tests that make theirs.
    static let renderer: String = {
        let run = try? CommandRun(["bench", "--modes", "cpu", "--counts", "50", "--grain-shape", "impostor", "--steps", "1", "--warmup", "0",
                                   "--format", "json", "--allow-debug"])
        let report = run.flatMap { try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any] }
        return (report?["system"] as? [String: Any])?["renderer"] as? String ?? ""
    }()

    static func write(in folder: URL) throws {
        var shell = ShellSettings()
        shell.machineFit = MachineFit(renderer: renderer, modes: MachineFitTests.slow.modes)
        let store = SettingsStore<ShellSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(shell).write(to: store.url)
    }
}
