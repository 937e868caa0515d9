import Foundation

/// Why a file or folder could not be written, in the app's words, where Foundation's own read
/// "The operation could not be completed. (NSCocoaErrorDomain error 512.)": what stands in the
/// way on disk (a folder in the file's place, a file in a folder's, a folder closed to writing),
/// else the system's reason under Foundation's error.
enum FileErrorText {
    /// Writing the file at `url` failed.
    static func describe(_ error: Error, writing url: URL) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "\(url.lastPathComponent) is a folder, not a file"
        }
        return obstacle(from: url.deletingLastPathComponent()) ?? reason(error)
    }

    /// Making the folder `url` (and those above it) failed.
    static func describe(_ error: Error, making url: URL) -> String {
        obstacle(from: url) ?? reason(error)
    }

    /// The nearest of `place` and the folders above it that exists, where it bars the way: a
    /// file where a folder must be, or a folder closed to writing.
    private static func obstacle(from place: URL) -> String? {
        let files = FileManager.default
        var place = place, isFolder: ObjCBool = false
        while place.path != "/" {
            if files.fileExists(atPath: place.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "\(place.path) is a file, where a folder must be" }
                return files.isWritableFile(atPath: place.path) ? nil : "no permission to write in \(place.path)"
            }
            place = place.deletingLastPathComponent()
        }
        return nil
    }

    /// The system's reason under Foundation's error, in plain words where there are some.
    private static func reason(_ error: Error) -> String {
        if let code = posixCode(error) {
            switch code {
            case ENOSPC: return "the disk is full"
            case EROFS: return "the disk is read-only"
            default: return String(cString: strerror(code))
            }
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteVolumeReadOnly: return "the disk is read-only"
            case .fileWriteNoPermission: return "no permission to write there"
            default: break
            }
        }
        return error.localizedDescription
    }

    /// The POSIX error under `error`, if any: its own, or the one Foundation wrapped.
    private static func posixCode(_ error: Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        return nil
    }
}
