// The few Dear ImGui widgets the overlay uses, as a C API Swift can call.
#ifndef IMGUI_BRIDGE_H
#define IMGUI_BRIDGE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GLFWwindow GLFWwindow;

/// A rectangle in window units, origin top left.
typedef struct {
    float x, y, width, height;
} UIRect;

/// Sets up ImGui on a GLFW window with a GL 3.3+ context current. The fonts are TrueType files;
/// a path that cannot be read falls back to ImGui's built-in font. The glyphs of
/// `extraCharacters` (UTF-8; the Chinese catalogue's) are merged into the text font from
/// `extraFontPath` (a TrueType collection's first face), if it can be read. Returns false on failure.
bool ui_init(GLFWwindow *window, const char *fontPath, float fontSize, const char *extraFontPath, const char *extraCharacters,
             const char *timerFontPath, float timerFontSize);
void ui_shutdown(void);
/// Starts a frame for a window of `width` × `height` units drawn at `framebufferWidth` ×
/// `framebufferHeight` pixels. The sizes come from the caller, which keeps them from GLFW's
/// callbacks: the GLFW backend's own NewFrame asks the X server for them, the focus and the
/// pointer (which the input queue sets anyway), four round trips a frame.
void ui_new_frame(float width, float height, float framebufferWidth, float framebufferHeight);
void ui_render(void);
/// True while ImGui wants the mouse (over a widget), so a click there is not a drag.
bool ui_wants_mouse(void);
/// True while a popup (a colour picker) is open: it takes the next click.
bool ui_popup_open(void);
/// True while a widget takes the keyboard (a slider's Ctrl+click text box), so keys typed
/// there are not shortcuts.
bool ui_wants_keyboard(void);
/// Closes every open popup (a drop-down, a colour picker): what Esc does while one is open.
void ui_close_popups(void);
/// Draws the panel being drawn over every other (the help, asked for on purpose).
void ui_bring_to_front(void);

/// A borderless panel anchored to a corner of the screen: pivot (0,0) top-left … (1,1) bottom-right.
void ui_begin_panel(const char *id, float x, float y, float pivotX, float pivotY, float alpha);
/// Ends the panel; `frame`, when given, receives where it stands on screen.
void ui_end_panel(UIRect *frame);
void ui_text(const char *text);
void ui_text_colored(const char *text, float r, float g, float b);
/// Text in the large timer font, scaled by `scale` (1 = the size it was loaded at).
void ui_timer_text(const char *text, float r, float g, float b, float scale);
/// Width of `text` in the current font, in window units.
float ui_text_width(const char *text);
/// How many characters of `text` (UTF-8) the text font has no glyph for (drawn as '?').
int ui_missing_glyphs(const char *text);
bool ui_button(const char *label, float width);
/// The width a button needs to show `label` whole, in window units.
float ui_button_width(const char *label);
bool ui_checkbox(const char *label, bool *value);
bool ui_radio(const char *label, bool active);
/// A drop-down list of `count` `items` of `width`, `current` the chosen one's index.
bool ui_combo(const char *label, int *current, const char *const *items, int count, float width);
/// A colour swatch with its label; a click opens a picker. `rgb` holds three floats 0–1.
bool ui_color_edit(const char *label, float *rgb);
/// Sliders show their value beside the track, not under the handle, then the label;
/// Ctrl+click types a value.
bool ui_slider_int(const char *label, int *value, int min, int max, float width);
/// An integer slider whose track is logarithmic (counts from tens to millions).
bool ui_slider_int_log(const char *label, int *value, int min, int max, float width);
bool ui_slider_float(const char *label, float *value, float min, float max, const char *format, float width);
/// What a slider whose Ctrl+click box is the app's did this frame.
typedef enum { UISliderUnchanged = 0, UISliderMoved = 1, UISliderTyped = 2 } UISliderResult;
/// A logarithmic integer slider whose Ctrl+click opens a text box: nothing applies while the
/// person types, and Enter returns UISliderTyped with the text in `typed` for the app to read.
UISliderResult ui_slider_int_log_typed(const char *label, int *value, int min, int max, float width, char *typed, int typedSize);
/// A logarithmic slider whose value is shown as `shown` (the app's words for it) in a column as
/// wide as `widest`; Ctrl+click opens a text box with the value as `format` writes it, and
/// Enter returns UISliderTyped with what was typed in `typed` ("3m") for the app to read.
UISliderResult ui_slider_float_log_typed(const char *label, float *value, float min, float max, const char *format, const char *shown,
                                         const char *widest, float width, char *typed, int typedSize);
/// The width of a slider's value column for a range and printf format (the wider end).
float ui_slider_value_width(float min, float max, const char *format);
/// A value typed into a slider's box outside its range, as the slider writes numbers: what was
/// typed, the range, and the nearest end it was brought to.
typedef struct {
    bool pending;
    char typed[32], lowest[32], highest[32], kept[32];
} UIClamped;
/// The last value typed out of range since the last call, if any.
bool ui_take_clamped(UIClamped *clamped);
/// The width a slider row takes: track, value column, label.
float ui_slider_row_width(float trackWidth, float valueWidth, const char *label);
/// Sliders drawn until `ui_pop_value_column` give their values a column at least `width`
/// wide, so the labels of a panel's rows line up.
void ui_push_value_column(float width);
void ui_pop_value_column(void);
/// The next panel is at least this wide inside its padding (so it keeps one width whichever
/// group of controls it shows).
void ui_next_panel_min_width(float contentWidth);
/// The height of a row of controls, with the spacing after it.
float ui_row_height(void);
/// The horizontal space between two items on one line.
float ui_item_spacing(void);
/// How much of a panel `panelHeight` tall is left below the controls drawn so far in it.
float ui_room_below(float panelHeight);
/// A region `width` wide (plus its scrollbar, always shown, so the width never changes) and
/// `height` tall whose controls scroll, up to `ui_end_scroll_area`.
void ui_begin_scroll_area(const char *id, float width, float height);
void ui_end_scroll_area(void);
void ui_same_line(void);
/// Empty room `width` × `height` where a line that comes and goes will show, so the panel's
/// size, and the controls under the pointer, stay put.
void ui_room(float width, float height);
/// Continues the line `offset` pixels right of where the panel's lines start (for columns).
void ui_same_line_at(float offset);
void ui_separator(void);
/// Puts text over the scene at a pixel position (labels in the side-by-side view).
void ui_label(const char *text, float x, float y, float pivotX);
/// The drain chart: grains above the neck (`upper`, at `times` seconds into the run, `n` of
/// them) against the straight line from `count` at 0 to none at `duration`, in a box of
/// `width` × `height` at the cursor.
void ui_drain_chart(const float *times, const float *upper, int n, float count, float duration, float width, float height);
/// A bar filled to `fraction` (0–1), `width` units wide, with `text` on it.
void ui_progress_bar(float fraction, float width, const char *text);
/// A short message in a rounded box centred at (x, y), fading out as `alpha` goes to 0.
void ui_toast(const char *text, float x, float y, float alpha);

#ifdef __cplusplus
}
#endif

#endif
