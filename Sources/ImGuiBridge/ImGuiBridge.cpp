#include "ImGuiBridge.h"
#include "InputQueue.h"

// ImGui 1.86's own header trips a newer clang warning; it is theirs, not ours.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <imgui_internal.h>
#include <cfloat>
#include <algorithm>
#include <cstdint>
#include <utility>
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <cstdio>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#pragma clang diagnostic pop

namespace {
ImFont *timerFont = nullptr;
UIClamped clamped = {};
GLFWwindow *inputWindow = nullptr;
// At least this wide, the value column of the sliders drawn meanwhile (ui_push_value_column).
float sharedValueColumn = 0.0f;

// Glyphs rasterised at the size they are drawn and placed on whole pixels, so the atlas is read
// texel for texel, with no filtering (ui_init): llvmpipe blends the overlay's text a quarter
// faster (docs/BENCHMARKS.md), and text looks as sharp on a GPU.
ImFontConfig pixelGlyphs() {
    ImFontConfig config;
    config.OversampleH = 1;
    config.PixelSnapH = true;
    return config;
}

ImFont *loadFont(const char *path, float size) {
    ImGuiIO &io = ImGui::GetIO();
    if (path != nullptr) {
        ImFontConfig config = pixelGlyphs();
        if (ImFont *font = io.Fonts->AddFontFromFileTTF(path, size, &config)) return font;
    }
    ImFontConfig config;
    config.SizePixels = size;
    return io.Fonts->AddFontDefault(&config);
}

// Merges the glyphs of `characters` from a second font into the last one added, so text in
// another script draws in the same line; only those glyphs, which keeps the atlas small
// (ImGui's own Chinese range is thousands of characters).
void mergeGlyphs(const char *path, float size, const char *characters) {
    if (path == nullptr || characters == nullptr || characters[0] == '\0') return;
    // Without the font the text falls back to '?', which the app reports; ImGui would assert.
    if (FILE *file = std::fopen(path, "rb")) {
        std::fclose(file);
    } else {
        return;
    }
    ImFontGlyphRangesBuilder builder;
    builder.AddText(characters);
    static ImVector<ImWchar> ranges;
    ranges.clear();
    builder.BuildRanges(&ranges);
    ImFontConfig config = pixelGlyphs();
    config.MergeMode = true;
    ImGui::GetIO().Fonts->AddFontFromFileTTF(path, size, &config, ranges.Data);
}

void applyWarmStyle() {
    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 8.0f;
    style.FrameRounding = 5.0f;
    style.GrabRounding = 5.0f;
    style.WindowBorderSize = 0.0f;
    ImVec4 *c = style.Colors;
    const ImVec4 gold(0.83f, 0.66f, 0.33f, 1.0f), deep(0.18f, 0.15f, 0.13f, 1.0f);
    c[ImGuiCol_WindowBg] = ImVec4(0.14f, 0.12f, 0.09f, 0.72f);
    c[ImGuiCol_Text] = ImVec4(0.91f, 0.87f, 0.82f, 1.0f);
    c[ImGuiCol_FrameBg] = deep;
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.27f, 0.22f, 0.16f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.33f, 0.26f, 0.18f, 1.0f);
    c[ImGuiCol_SliderGrab] = gold;
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.95f, 0.78f, 0.42f, 1.0f);
    c[ImGuiCol_CheckMark] = gold;
    c[ImGuiCol_Button] = ImVec4(0.55f, 0.43f, 0.23f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.70f, 0.55f, 0.29f, 1.0f);
    c[ImGuiCol_ButtonActive] = gold;
    c[ImGuiCol_Separator] = ImVec4(0.55f, 0.43f, 0.23f, 0.6f);
}
double lastFrameTime = 0;
GLFWcursor *cursors[ImGuiMouseCursor_COUNT] = {};
// None set yet: the first frame sets the arrow, which a bare X server does not show by itself.
ImGuiMouseCursor shownCursor = ImGuiMouseCursor_COUNT;

// The pointer's shape for what it is over (a text box's I-beam), changed only when it changes.
void showCursor(ImGuiMouseCursor wanted) {
    if (!inputWindow || wanted == shownCursor) return;
    shownCursor = wanted;
    if (wanted == ImGuiMouseCursor_None) {
        glfwSetInputMode(inputWindow, GLFW_CURSOR, GLFW_CURSOR_HIDDEN);
        return;
    }
    glfwSetCursor(inputWindow, cursors[wanted] ? cursors[wanted] : cursors[ImGuiMouseCursor_Arrow]);
    glfwSetInputMode(inputWindow, GLFW_CURSOR, GLFW_CURSOR_NORMAL);
}

void makeCursors() {
    const std::pair<ImGuiMouseCursor, int> shapes[] = {
        {ImGuiMouseCursor_Arrow, GLFW_ARROW_CURSOR}, {ImGuiMouseCursor_TextInput, GLFW_IBEAM_CURSOR},
        {ImGuiMouseCursor_ResizeNS, GLFW_VRESIZE_CURSOR}, {ImGuiMouseCursor_ResizeEW, GLFW_HRESIZE_CURSOR},
        {ImGuiMouseCursor_Hand, GLFW_HAND_CURSOR},
    };
    for (auto [cursor, shape] : shapes) cursors[cursor] = glfwCreateStandardCursor(shape);
}
}  // namespace

extern "C" {

bool ui_init(GLFWwindow *window, const char *fontPath, float fontSize, const char *extraFontPath, const char *extraCharacters,
             const char *timerFontPath, float timerFontSize) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // layout is fixed; nothing to remember
    applyWarmStyle();
    loadFont(fontPath, fontSize);
    mergeGlyphs(extraFontPath, fontSize, extraCharacters);
    timerFont = loadFont(timerFontPath, timerFontSize);
    // The backend's callbacks stay out: the input queue feeds ImGui instead (InputQueue.cpp).
    if (!ImGui_ImplGlfw_InitForOpenGL(window, false)) return false;
    input_queue_install(window);
    inputWindow = window;
    makeCursors();
    if (!ImGui_ImplOpenGL3_Init("#version 330 core") || !ImGui_ImplOpenGL3_CreateFontsTexture()) return false;
    glBindTexture(GL_TEXTURE_2D, (GLuint)(intptr_t)ImGui::GetIO().Fonts->TexID);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    return true;
}

void ui_shutdown(void) {
    if (inputWindow) input_queue_uninstall(inputWindow);
    inputWindow = nullptr;
    for (GLFWcursor *&cursor : cursors) {
        if (cursor) glfwDestroyCursor(cursor);
        cursor = nullptr;
    }
    shownCursor = ImGuiMouseCursor_COUNT;
    lastFrameTime = 0;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ui_new_frame(float width, float height, float framebufferWidth, float framebufferHeight) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO &io = ImGui::GetIO();
    io.DisplaySize = ImVec2(width, height);
    if (width > 0 && height > 0) io.DisplayFramebufferScale = ImVec2(framebufferWidth / width, framebufferHeight / height);
    double now = glfwGetTime();
    // ImGui asks for time to pass between frames.
    io.DeltaTime = lastFrameTime > 0 ? std::max((float)(now - lastFrameTime), 1e-6f) : 1.0f / 60.0f;
    lastFrameTime = now;
    input_queue_apply();
    showCursor(ImGui::GetMouseCursor());
    ImGui::NewFrame();
}

void ui_render(void) {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ui_wants_mouse(void) { return ImGui::GetIO().WantCaptureMouse; }

bool ui_popup_open(void) { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId); }

bool ui_wants_keyboard(void) { return ImGui::GetIO().WantCaptureKeyboard; }

void ui_close_popups(void) { ImGui::ClosePopupToLevel(0, true); }

void ui_bring_to_front(void) { ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow()); }

void ui_begin_panel(const char *id, float x, float y, float pivotX, float pivotY, float alpha) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always, ImVec2(pivotX, pivotY));
    ImGui::SetNextWindowBgAlpha(alpha);
    ImGui::Begin(id, nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
}

void ui_end_panel(UIRect *frame) {
    if (frame != nullptr) {
        ImVec2 position = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        *frame = UIRect{position.x, position.y, size.x, size.y};
    }
    ImGui::End();
}

void ui_text(const char *text) { ImGui::TextUnformatted(text); }

void ui_text_colored(const char *text, float r, float g, float b) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(r, g, b, 1.0f));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void ui_timer_text(const char *text, float r, float g, float b, float scale) {
    ImGui::PushFont(timerFont);
    ImGui::SetWindowFontScale(scale);
    ui_text_colored(text, r, g, b);
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PopFont();
}

float ui_text_width(const char *text) { return ImGui::CalcTextSize(text).x; }

int ui_missing_glyphs(const char *text) {
    ImFontAtlas *atlas = ImGui::GetIO().Fonts;
    if (!atlas->IsBuilt()) atlas->Build();  // glyphs exist only once the atlas is built
    ImFont *font = atlas->Fonts[0];
    int missing = 0;
    for (const char *s = text; *s != '\0';) {
        unsigned int c = 0;
        s += ImTextCharFromUtf8(&c, s, nullptr);
        if (c == 0) break;
        if (c >= 0x20 && font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) missing++;
    }
    return missing;
}

bool ui_button(const char *label, float width) { return ImGui::Button(label, ImVec2(width, 0)); }

float ui_button_width(const char *label) { return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x; }

bool ui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }

bool ui_radio(const char *label, bool active) { return ImGui::RadioButton(label, active); }

bool ui_combo(const char *label, int *current, const char *const *items, int count, float width) {
    ImGui::SetNextItemWidth(width);
    return ImGui::Combo(label, current, items, count);
}

bool ui_color_edit(const char *label, float *rgb) {
    return ImGui::ColorEdit3(label, rgb, ImGuiColorEditFlags_NoInputs);
}

}  // extern "C"

namespace {
// The width of a slider's value column: the wider of the range's ends (a minus sign counts).
template <typename T>
float valueColumn(T min, T max, const char *format) {
    char low[64], high[64];
    snprintf(low, sizeof low, format, min);
    snprintf(high, sizeof high, format, max);
    return ImMax(ImGui::CalcTextSize(low).x, ImGui::CalcTextSize(high).x) + ImGui::GetStyle().ItemSpacing.x;
}

// ImGui draws a slider's value under its handle ("1.0|0×"). The track is drawn without text and
// the value beside it, in a column as wide as the widest value so the label does not jitter.
// While Ctrl is held or Ctrl+click's text box is open the slider gets its format back: the box
// opens with the current value, parses what is typed, and Esc restores the value.
// A value typed into the box may lie outside the range (no AlwaysClamp): it is brought in here,
// and what was typed and what was kept are remembered for the app to say so.
// `shown` and `widest`, where given, replace the value as the format writes it and the width of
// its column (a duration shown as "1:30").
// With `typed`, the box after Ctrl+click is a text box of the app's: nothing is applied while
// the person types, any characters go in, and Enter hands the text over (UISliderTyped) for
// the app to read ("3m"); Esc or a click elsewhere closes it and keeps the value.
template <typename T, typename Slider>
UISliderResult sliderWithValue(const char *label, T *value, T min, T max, const char *format, float width, Slider slider,
                               const char *shown = nullptr, const char *widest = nullptr, char *typed = nullptr, int typedSize = 0) {
    ImGui::PushID(label);
    const ImGuiID track = ImGui::GetID("##track");
    const bool editing = ImGui::TempInputIsActive(track) || ImGui::GetIO().KeyCtrl;
    ImGui::SetNextItemWidth(width);
    UISliderResult result = UISliderUnchanged;
    if (typed != nullptr && ImGui::TempInputIsActive(track)) {
        // The box ImGui opened on the Ctrl+click frame, at the track's place, taken over from
        // the next frame on: ImGui's own applies each keystroke and refuses letters.
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImRect box(at, ImVec2(at.x + width, at.y + ImGui::GetFrameHeight()));
        if (ImGui::TempInputText(box, track, "##track", typed, typedSize, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
            result = UISliderTyped;
        }
    } else if (slider("##track", editing ? format : "")) {
        result = UISliderMoved;
        if (*value < min || *value > max) {
            snprintf(clamped.typed, sizeof clamped.typed, format, *value);
            *value = *value < min ? min : max;
            snprintf(clamped.lowest, sizeof clamped.lowest, format, min);
            snprintf(clamped.highest, sizeof clamped.highest, format, max);
            snprintf(clamped.kept, sizeof clamped.kept, format, *value);
            clamped.pending = true;
        }
    }
    char written[64];
    snprintf(written, sizeof written, format, *value);
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    const float start = ImGui::GetCursorPosX();
    ImGui::TextUnformatted(shown != nullptr ? shown : written);
    const float column = widest != nullptr ? ImGui::CalcTextSize(widest).x + ImGui::GetStyle().ItemSpacing.x : valueColumn(min, max, format);
    ImGui::SameLine(start + ImMax(sharedValueColumn, column));
    ImGui::TextUnformatted(label);
    ImGui::PopID();
    return result;
}
}  // namespace

extern "C" {

bool ui_slider_int(const char *label, int *value, int min, int max, float width) {
    return sliderWithValue(label, value, min, max, "%d", width, [&](const char *id, const char *format) {
        return ImGui::SliderInt(id, value, min, max, format);
    }) != UISliderUnchanged;
}

bool ui_slider_int_log(const char *label, int *value, int min, int max, float width) {
    return sliderWithValue(label, value, min, max, "%d", width, [&](const char *id, const char *format) {
        return ImGui::SliderInt(id, value, min, max, format, ImGuiSliderFlags_Logarithmic);
    }) != UISliderUnchanged;
}

UISliderResult ui_slider_int_log_typed(const char *label, int *value, int min, int max, float width, char *typed, int typedSize) {
    return sliderWithValue(label, value, min, max, "%d", width, [&](const char *id, const char *format) {
        return ImGui::SliderInt(id, value, min, max, format, ImGuiSliderFlags_Logarithmic);
    }, nullptr, nullptr, typed, typedSize);
}

float ui_slider_value_width(float min, float max, const char *format) { return valueColumn(min, max, format); }

float ui_slider_row_width(float trackWidth, float valueWidth, const char *label) {
    return trackWidth + ImGui::GetStyle().ItemInnerSpacing.x + valueWidth + ImGui::CalcTextSize(label).x;
}

bool ui_take_clamped(UIClamped *out) {
    if (!clamped.pending) return false;
    *out = clamped;
    clamped.pending = false;
    return true;
}

void ui_push_value_column(float width) { sharedValueColumn = width; }

void ui_pop_value_column(void) { sharedValueColumn = 0.0f; }

void ui_next_panel_min_width(float contentWidth) {
    const float padding = ImGui::GetStyle().WindowPadding.x;
    ImGui::SetNextWindowSizeConstraints(ImVec2(contentWidth + 2 * padding, 0), ImVec2(FLT_MAX, FLT_MAX));
}

float ui_row_height(void) { return ImGui::GetFrameHeightWithSpacing(); }

float ui_item_spacing(void) { return ImGui::GetStyle().ItemSpacing.x; }

float ui_room_below(float panelHeight) { return panelHeight - ImGui::GetCursorPosY() - ImGui::GetStyle().WindowPadding.y; }

void ui_begin_scroll_area(const char *id, float width, float height) {
    ImGui::BeginChild(id, ImVec2(width + ImGui::GetStyle().ScrollbarSize, height), false,
                      ImGuiWindowFlags_AlwaysVerticalScrollbar | ImGuiWindowFlags_NoBackground);
}

void ui_end_scroll_area(void) { ImGui::EndChild(); }

bool ui_slider_float(const char *label, float *value, float min, float max, const char *format, float width) {
    return sliderWithValue(label, value, min, max, format, width, [&](const char *id, const char *shownFormat) {
        return ImGui::SliderFloat(id, value, min, max, shownFormat);
    }) != UISliderUnchanged;
}

UISliderResult ui_slider_float_log_typed(const char *label, float *value, float min, float max, const char *format, const char *shown,
                                         const char *widest, float width, char *typed, int typedSize) {
    return sliderWithValue(label, value, min, max, format, width, [&](const char *id, const char *shownFormat) {
        return ImGui::SliderFloat(id, value, min, max, shownFormat, ImGuiSliderFlags_Logarithmic);
    }, shown, widest, typed, typedSize);
}

void ui_same_line(void) { ImGui::SameLine(); }

void ui_room(float width, float height) { ImGui::Dummy(ImVec2(width, height)); }

void ui_same_line_at(float offset) { ImGui::SameLine(ImGui::GetCursorStartPos().x + offset); }

void ui_separator(void) { ImGui::Separator(); }

void ui_label(const char *text, float x, float y, float pivotX) {
    ImDrawList *list = ImGui::GetForegroundDrawList();
    ImVec2 size = ImGui::CalcTextSize(text);
    ImVec2 at(x - size.x * pivotX, y);
    list->AddRectFilled(ImVec2(at.x - 6, at.y - 3), ImVec2(at.x + size.x + 6, at.y + size.y + 3), IM_COL32(36, 30, 23, 190), 5.0f);
    list->AddText(at, IM_COL32(232, 221, 208, 255), text);
}

void ui_progress_bar(float fraction, float width, const char *text) {
    ImGui::ProgressBar(ImClamp(fraction, 0.0f, 1.0f), ImVec2(width, 0), text);
}

void ui_toast(const char *text, float x, float y, float alpha) {
    ImDrawList *list = ImGui::GetForegroundDrawList();
    ImVec2 size = ImGui::CalcTextSize(text);
    ImVec2 at(x - size.x / 2, y - size.y / 2);
    const int a = static_cast<int>(255 * ImClamp(alpha, 0.0f, 1.0f));
    list->AddRectFilled(ImVec2(at.x - 12, at.y - 7), ImVec2(at.x + size.x + 12, at.y + size.y + 7), IM_COL32(36, 30, 23, a * 220 / 255), 7.0f);
    list->AddText(at, IM_COL32(240, 214, 150, a), text);
}

void ui_drain_chart(const float *times, const float *upper, int n, float count, float duration, float width, float height) {
    ImDrawList *list = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 end(origin.x + width, origin.y + height);
    list->AddRectFilled(origin, end, IM_COL32(30, 25, 19, 200), 4.0f);
    auto at = [&](float t, float grains) {
        const float x = ImClamp(t / ImMax(duration, 1e-3f), 0.0f, 1.0f), y = ImClamp(grains / ImMax(count, 1.0f), 0.0f, 1.0f);
        return ImVec2(origin.x + 4 + x * (width - 8), end.y - 4 - y * (height - 8));
    };
    list->AddLine(at(0, count), at(duration, 0), IM_COL32(150, 140, 125, 200), 1.0f);
    for (int i = 1; i < n; ++i) {
        list->AddLine(at(times[i - 1], upper[i - 1]), at(times[i], upper[i]), IM_COL32(240, 200, 110, 255), 2.0f);
    }
    ImGui::Dummy(ImVec2(width, height));
}

}  // extern "C"
