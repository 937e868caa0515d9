// The few Dear ImGui widgets the overlay uses, as a C API Swift can call.
#ifndef IMGUI_BRIDGE_H
#define IMGUI_BRIDGE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GLFWwindow GLFWwindow;

/// Sets up ImGui on a GLFW window with a GL 3.3+ context current. The fonts are TrueType files;
/// a path that cannot be read falls back to ImGui's built-in font. Returns false on failure.
bool ui_init(GLFWwindow *window, const char *fontPath, float fontSize, const char *timerFontPath, float timerFontSize);
void ui_shutdown(void);
void ui_new_frame(void);
void ui_render(void);
/// True while ImGui wants the mouse (over a widget), so a click there is not a drag.
bool ui_wants_mouse(void);

/// A borderless panel anchored to a corner of the screen: pivot (0,0) top-left … (1,1) bottom-right.
void ui_begin_panel(const char *id, float x, float y, float pivotX, float pivotY, float alpha);
void ui_end_panel(void);
void ui_text(const char *text);
void ui_text_colored(const char *text, float r, float g, float b);
void ui_timer_text(const char *text, float r, float g, float b);
bool ui_button(const char *label, float width);
bool ui_checkbox(const char *label, bool *value);
bool ui_radio(const char *label, bool active);
bool ui_slider_int(const char *label, int *value, int min, int max, float width);
bool ui_slider_float(const char *label, float *value, float min, float max, const char *format, float width);
void ui_same_line(void);
/// Continues the line at `offset` pixels from the panel's left edge (for columns).
void ui_same_line_at(float offset);
void ui_separator(void);
/// Puts text over the scene at a pixel position (labels in the side-by-side view).
void ui_label(const char *text, float x, float y, float pivotX);

#ifdef __cplusplus
}
#endif

#endif
