import CGLib
import CStb
import Foundation

/// Saves RGBA pixels as a PNG, JPEG or BMP with stb_image_write, as the file's name asks.
enum Screenshot {
    /// The pictures a name can ask for; a name without an extension gets a PNG.
    enum Format {
        case png, jpeg, bmp

        init?(path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png", "": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "bmp": self = .bmp
            default: return nil
            }
        }

        /// The extensions taken, for the error that refuses another.
        static let names = "PNG (.png), JPEG (.jpg, .jpeg) or BMP (.bmp)"
    }

    /// Encodes in memory and writes through Console, whose write says when it fails
    /// (stb's own file writer does not check its writes).
    static func save(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        guard let format = Format(path: path) else { throw CommandError("cannot save \(path): a picture is written as \(Format.names)") }
        var encoded: [UInt8] = []
        let written = pixels.withUnsafeBytes { bytes in
            withUnsafeMutablePointer(to: &encoded) { output -> Int32 in
                let append: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void = { context, data, size in
                    guard let context, let data else { return }
                    context.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
                }
                switch format {
                case .png: return stbi_write_png_to_func(append, output, Int32(width), Int32(height), 4, bytes.baseAddress, Int32(width * 4))
                case .jpeg: return stbi_write_jpg_to_func(append, output, Int32(width), Int32(height), 4, bytes.baseAddress, 92)
                case .bmp: return stbi_write_bmp_to_func(append, output, Int32(width), Int32(height), 4, bytes.baseAddress)
                }
            }
        }
        guard written != 0, !encoded.isEmpty else { throw CommandError("cannot encode the screenshot for \(path)") }
        try Console.write(encoded, to: path)
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
            throw CommandError("cannot make the screenshots' folder \(folder.path): \(FileErrorText.describe(error, making: folder))")
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
