import CGLib
import CStb
import Foundation

/// Saves RGBA pixels as a PNG with stb_image_write.
enum Screenshot {
    /// Encodes in memory and writes through Console, whose write says when it fails
    /// (stb's own file writer does not check its writes).
    static func save(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        var length: Int32 = 0
        let png = pixels.withUnsafeBytes { bytes in
            stbi_write_png_to_mem(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(width * 4), Int32(width), Int32(height), 4, &length)
        }
        guard let png else { throw CommandError("cannot encode the screenshot for \(path)") }
        defer { free(png) }
        try Console.write(Array(UnsafeBufferPointer(start: png, count: Int(length))), to: path)
    }

    /// Where F12 saves: `defaultName` in a ShiftingSands folder of the desktop's pictures folder
    /// (the XDG user directory `xdg-user-dir PICTURES` names, read by GLib), or of the home
    /// folder where the desktop names none; the folder is made if missing.
    static func defaultPath(at date: Date) throws -> String {
        let pictures = String(cString: g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) ?? g_get_home_dir())
        let folder = URL(fileURLWithPath: pictures).appendingPathComponent("ShiftingSands")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the screenshots' folder \(folder.path): \(error.localizedDescription)")
        }
        return folder.appendingPathComponent(defaultName(at: date) { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }).path
    }

    /// `shifting-sands-2026-11-22-103012.png`: local date and time, sorting in order taken;
    /// `-2`, `-3` … after it for more in the same second, so none overwrites another.
    static func defaultName(at date: Date, exists: (String) -> Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let stem = "shifting-sands-\(formatter.string(from: date))"
        var name = stem + ".png", number = 1
        while exists(name) {
            number += 1
            name = "\(stem)-\(number).png"
        }
        return name
    }
}
