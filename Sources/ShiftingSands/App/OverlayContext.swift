import ImGuiBridge

/// Dear ImGui on a window's GL context, with the overlay's fonts: started before anything draws
/// a panel (the first start's measuring frames come before the app's frame loop) and shut down
/// when the last holder lets go.
final class OverlayContext {
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let timerFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
    /// The Simplified Chinese overlay's glyphs (Debian's fonts-wqy-microhei).
    static let chineseFontPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    /// Every character the Chinese catalogue and the language names use: the glyphs to merge.
    static let chineseCharacters = String(Set(SimplifiedChinese.catalogue.values.joined() + Language.allCases.map(\.nativeName).joined()))

    /// Kept so the context goes before the window: ImGui's GL objects need it.
    private let window: Window

    init(window: Window) throws {
        self.window = window
        let scale = Float(window.contentScale)
        guard ui_init(window.handle, Self.fontPath, 16 * scale, Self.chineseFontPath, Self.chineseCharacters, Self.timerFontPath, 54 * scale) else {
            throw CommandError("cannot start the overlay (Dear ImGui) on this GL context")
        }
        reportMissingGlyphs()
    }

    deinit {
        ui_shutdown()
    }

    /// One line on stderr when the overlay's language needs glyphs the fonts lack (they would
    /// draw as '?'): which font to install.
    func reportMissingGlyphs() {
        guard Language.current == .simplifiedChinese, ui_missing_glyphs(Self.chineseCharacters) > 0 else { return }
        Console.progress("shifting-sands: the Chinese overlay needs \(Self.chineseFontPath) (Debian's fonts-wqy-microhei: apt install fonts-wqy-microhei)")
    }
}
