import Foundation
import Testing

/// SwiftPM refuses some flags a system library's pkg-config gives (-pthread, -D_REENTRANT) and
/// warns about them on every build; the package asks pkg-config only where its flags are clean.
@Suite("The package's system libraries")
struct PackageFlagsTests {
    @Test("no system library's pkg-config flags are ones SwiftPM refuses, so a build prints no warning for them")
    func cleanFlags() throws {
        let manifest = try String(contentsOf: CommandRun.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.components(separatedBy: "pkgConfig: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(names.count >= 5, "the manifest's pkg-config names: \(names)")
        for name in names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["pkg-config", "--cflags", "--libs", name]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            let flags = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").map(String.init)
            #expect(process.terminationStatus == 0, "pkg-config knows no \(name)")
            let refused = flags.filter { $0 == "-pthread" || $0.hasPrefix("-D") }
            #expect(refused.isEmpty, "\(name)'s pkg-config gives \(refused), which SwiftPM refuses")
        }
    }
}
