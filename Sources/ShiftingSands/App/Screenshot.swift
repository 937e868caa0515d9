import CStb
import Foundation

/// Saves RGBA pixels as a PNG with stb_image_write.
enum Screenshot {
    static func save(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        let written = pixels.withUnsafeBytes { bytes in
            stbi_write_png(path, Int32(width), Int32(height), 4, bytes.baseAddress, Int32(width * 4))
        }
        guard written != 0 else { throw CommandError("cannot write screenshot \(path)") }
    }

    /// `shifting-sands-2026-11-22-103012.png`: local date and time, sorting in order taken;
    /// `-2`, `-3` … after it for more in the same second, so none overwrites another.
    static func defaultName(at date: Date, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String {
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
