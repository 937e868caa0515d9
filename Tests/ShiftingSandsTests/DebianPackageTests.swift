import Foundation
import Testing
@testable import ShiftingSands

/// scripts/build-deb with the binary under test: the package's paths, its control fields, and
/// the menu entry and software-centre listing in it, each checked by its own validator.
@Suite("Debian package", .serialized)
struct DebianPackageTests {
    private func shell(_ command: String, in directory: URL = CommandRun.repository) throws -> CommandRun {
        // One stream: lintian's notes and the build's lines cannot fill a pipe nobody reads.
        try CommandRun(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command + " 2>&1"],
                       removing: ["SHIFTING_SANDS_SHADERS"], directory: directory)
    }

    @Test("the package holds the binary, shaders, menu entry, listing, icons, completions, manual and copyright; lintian, appstreamcli and desktop-file-validate pass")
    func package() throws {
        try withTemporaryFolder("sands-deb") { folder in
            let built = try shell("scripts/build-deb --binary '\(CommandRun.binary.path)' --output '\(folder.path)'")
            #expect(built.status == 0, "\(built.stdout)")
            let version = try CommandRun(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let deb = folder.appendingPathComponent("shifting-sands_\(version)_amd64.deb")
            #expect(built.stdout.hasSuffix(deb.path + "\n"), "the script names the package it built")

            let listing = try shell("dpkg-deb -c '\(deb.path)' | awk '{print $6}'").stdout.split(separator: "\n").map { String($0.dropFirst()) }
            let id = "io.github.shiftingsands.ShiftingSands"
            for path in ["/usr/bin/shifting-sands", "/usr/share/shifting-sands/Shaders/hourglass/contact_solve.comp",
                         "/usr/share/shifting-sands/Shaders/common/pcg.glsl", "/usr/share/applications/shifting-sands.desktop",
                         "/usr/share/metainfo/\(id).metainfo.xml", "/usr/share/bash-completion/completions/shifting-sands",
                         "/usr/share/zsh/vendor-completions/_shifting-sands", "/usr/share/fish/vendor_completions.d/shifting-sands.fish",
                         "/usr/share/man/man1/shifting-sands.1.gz",
                         "/usr/share/doc/shifting-sands/copyright", "/usr/share/doc/shifting-sands/changelog.gz"]
                + [48, 128, 256].map({ "/usr/share/icons/hicolor/\($0)x\($0)/apps/shifting-sands.png" }) {
                #expect(listing.contains(path), "\(path) is not in the package")
            }
            #expect(listing.allSatisfy { $0.hasPrefix("/usr/") || $0 == "/" }, "only /usr: \(listing.filter { !$0.hasPrefix("/usr/") })")

            let fields = try shell("dpkg-deb -f '\(deb.path)' Package Version Architecture Depends").stdout
            #expect(fields.contains("Package: shifting-sands") && fields.contains("Version: \(version)") && fields.contains("Architecture: amd64"))
            // From dpkg-shlibdeps (what the binary links), and what it opens at run time.
            for dependency in ["libglfw3", "libepoxy0", "libcanberra0", "libnotify4", "libgl1", "libegl1", "fonts-dejavu-core"] {
                #expect(fields.contains(dependency), "Depends lacks \(dependency): \(fields)")
            }

            let unpacked = folder.appendingPathComponent("root")
            #expect(try shell("dpkg-deb -x '\(deb.path)' '\(unpacked.path)'").status == 0)
            let share = unpacked.appendingPathComponent("usr/share")
            let entry = share.appendingPathComponent("applications/shifting-sands.desktop")
            let entryCheck = try shell("desktop-file-validate '\(entry.path)'")
            #expect(entryCheck.status == 0 && entryCheck.stdout.isEmpty, "desktop-file-validate: \(entryCheck.stdout)")
            let text = try String(contentsOf: entry, encoding: .utf8)
            #expect(text.contains("Exec=shifting-sands\n") && text.contains("Icon=shifting-sands\n") && text.contains("StartupWMClass=\(Window.className)\n"))
            let metainfo = share.appendingPathComponent("metainfo/\(id).metainfo.xml")
            let listingCheck = try shell("appstreamcli validate --no-net '\(metainfo.path)'")
            #expect(listingCheck.status == 0, "appstreamcli: \(listingCheck.stdout)")
            let xml = try String(contentsOf: metainfo, encoding: .utf8)
            #expect(xml.contains("<id>\(id)</id>") && xml.contains("<launchable type=\"desktop-id\">shifting-sands.desktop</launchable>")
                && xml.contains("<binary>shifting-sands</binary>") && xml.contains("<release version=\"\(version)\""))
            for keyword in ["hourglass", "timer", "sand", "granular", "benchmark", "OpenGL"] {
                #expect(xml.contains("<keyword>\(keyword)</keyword>"), "the listing lacks the keyword \(keyword)")
            }
        }
    }
}
