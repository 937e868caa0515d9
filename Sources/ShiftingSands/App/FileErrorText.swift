import Foundation

/// Why a file or folder could not be written, in the app's words, where Foundation's own read
/// "The operation could not be completed. (NSCocoaErrorDomain error 512.)": what stands in the
/// way on disk (a folder in the file's place, a file in a folder's, a folder closed to writing),
/// else the system's reason under Foundation's error.
enum FileErrorText {
    static func describe(_ error: Error, writing url: URL) -> String {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "\(url.lastPathComponent) is a folder, not a file"
        }
        var place = url.deletingLastPathComponent()
        while place.path != "/" {
            if files.fileExists(atPath: place.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "\(place.path) is a file, where a folder must be" }
                if !files.isWritableFile(atPath: place.path) { return "no permission to write in \(place.path)" }
                break
            }
            place = place.deletingLastPathComponent()
        }
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
