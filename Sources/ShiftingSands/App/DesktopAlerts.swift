import CCanberra
import CNotify
import Foundation

/// What the end of a timer asks of the desktop: a sound, and a notification.
protocol TimerAlerts: AnyObject {
    func chime()
    func notify(title: String, body: String)
}

/// The desktop's own: the sound theme's "complete" through libcanberra (as GNOME's and KDE's
/// event sounds are played), and a notification through libnotify. Without a sound server or a
/// notification daemon (CI, a bare Xvfb) each says so once on stderr and the app goes on.
final class DesktopAlerts: TimerAlerts {
    private var sound: OpaquePointer?
    private var soundFailed = false
    private var noticeFailed = false

    deinit {
        if let sound { ca_context_destroy(sound) }
        if notify_is_initted() != 0 { notify_uninit() }
    }

    func chime() {
        // Without a sound card or a sound server ALSA fills stderr with its own complaints.
        guard Self.hasAudio else { return soundMissing(reason: "no sound card or sound server") }
        if sound == nil {
            var context: OpaquePointer?
            guard ca_context_create(&context) == Int32(CA_SUCCESS), let context else { return soundMissing(Int32(CA_ERROR_OOM)) }
            sound = context
        }
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == Int32(CA_SUCCESS), let properties else { return }
        defer { ca_proplist_destroy(properties) }
        ca_proplist_sets(properties, CA_PROP_EVENT_ID, "complete")
        ca_proplist_sets(properties, CA_PROP_EVENT_DESCRIPTION, "Hourglass timer finished")
        let result = ca_context_play_full(sound, 1, properties, nil, nil)
        if result != Int32(CA_SUCCESS) { soundMissing(result) }
    }

    func notify(title: String, body: String) {
        guard notify_is_initted() != 0 || notify_init("ShiftingSands") != 0 else { return noticeMissing("libnotify could not start") }
        guard let notice = notify_notification_new(title, body, "alarm-clock") else { return noticeMissing("libnotify made no notification") }
        defer { g_object_unref(UnsafeMutableRawPointer(notice)) }
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(notice, &error) == 0 {
            noticeMissing(error.map { String(cString: $0.pointee.message) } ?? "unknown")
            g_clear_error(&error)
        }
    }

    private func soundMissing(_ code: Int32) {
        soundMissing(reason: String(cString: ca_strerror(code)))
    }

    private func soundMissing(reason: String) {
        guard !soundFailed else { return }
        soundFailed = true
        Console.progress("shifting-sands: no sound for the timer's end (\(reason)); the app goes on without it")
    }

    /// A sound card, or a PulseAudio or PipeWire server, this process could play through.
    static var hasAudio: Bool {
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        return ["/dev/snd", "\(runtime)/pulse/native", "\(runtime)/pipewire-0"].contains { FileManager.default.fileExists(atPath: $0) }
    }

    private func noticeMissing(_ reason: String) {
        guard !noticeFailed else { return }
        noticeFailed = true
        Console.progress("shifting-sands: no desktop notification for the timer's end (\(reason)); the app goes on without it")
    }
}
