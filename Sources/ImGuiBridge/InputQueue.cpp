#include "InputQueue.h"

// ImGui 1.86's own header trips a newer clang warning; it is theirs, not ours.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#pragma clang diagnostic pop
#include <GLFW/glfw3.h>
#include <bitset>
#include <deque>

// ImGui 1.86 reads the pointer's position and the buttons' state once a frame, so a move and a
// press that arrive between two frames (a script's jump-and-click, a slow frame) land together
// and a press and release land as one click without the move before it; and keys pressed and
// released between frames are never seen held (Ctrl+click). ImGui 1.87 answers with a queue
// that trickles events over frames; this is that queue for 1.86: each frame takes events in
// order until one would change again what the frame already changed, or a press follows a
// move (so the pointer is over the button a frame before the press), and leaves the rest for
// the next frames. The app's own callbacks still hear every event at once.
namespace {
struct Event {
    enum Kind { Position, Button, Key, Character, Scroll } kind;
    double x = 0, y = 0;
    int code = 0, scancode = 0, action = 0, mods = 0;
    unsigned int character = 0;
};

std::deque<Event> queue;
ImVec2 position(-FLT_MAX, -FLT_MAX);
bool buttons[ImGuiMouseButton_COUNT] = {};
GLFWwindow *owner = nullptr;

GLFWcursorposfun appCursor = nullptr;
GLFWmousebuttonfun appButton = nullptr;
GLFWkeyfun appKey = nullptr;
GLFWcharfun appCharacter = nullptr;
GLFWscrollfun appScroll = nullptr;
GLFWwindowfocusfun appFocus = nullptr;

void pushPoint(Event::Kind kind, double x, double y) {
    Event event{kind};
    event.x = x;
    event.y = y;
    queue.push_back(event);
}

void onCursor(GLFWwindow *window, double x, double y) {
    if (appCursor) appCursor(window, x, y);
    pushPoint(Event::Position, x, y);
}

void onButton(GLFWwindow *window, int button, int action, int mods) {
    if (appButton) appButton(window, button, action, mods);
    if (button < 0 || button >= ImGuiMouseButton_COUNT) return;
    Event event{Event::Button};
    event.code = button;
    event.action = action;
    queue.push_back(event);
}

void onKey(GLFWwindow *window, int key, int scancode, int action, int mods) {
    if (appKey) appKey(window, key, scancode, action, mods);
    if (action == GLFW_REPEAT) return;
    Event event{Event::Key};
    event.code = key;
    event.scancode = scancode;
    event.action = action;
    event.mods = mods;
    queue.push_back(event);
}

void onCharacter(GLFWwindow *window, unsigned int character) {
    if (appCharacter) appCharacter(window, character);
    Event event{Event::Character};
    event.character = character;
    queue.push_back(event);
}

void onFocus(GLFWwindow *window, int focused) {
    if (appFocus) appFocus(window, focused);
    ImGui_ImplGlfw_WindowFocusCallback(window, focused);
}
void onScroll(GLFWwindow *window, double x, double y) {
    if (appScroll) appScroll(window, x, y);
    pushPoint(Event::Scroll, x, y);
}
}  // namespace

void input_queue_install(GLFWwindow *window) {
    owner = window;
    queue.clear();
    appCursor = glfwSetCursorPosCallback(window, onCursor);
    appButton = glfwSetMouseButtonCallback(window, onButton);
    appKey = glfwSetKeyCallback(window, onKey);
    appCharacter = glfwSetCharCallback(window, onCharacter);
    appScroll = glfwSetScrollCallback(window, onScroll);
    appFocus = glfwSetWindowFocusCallback(window, onFocus);
    glfwSetCursorEnterCallback(window, ImGui_ImplGlfw_CursorEnterCallback);
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    position = ImVec2((float)x, (float)y);
}

void input_queue_uninstall(GLFWwindow *window) {
    glfwSetCursorPosCallback(window, appCursor);
    glfwSetMouseButtonCallback(window, appButton);
    glfwSetKeyCallback(window, appKey);
    glfwSetCharCallback(window, appCharacter);
    glfwSetScrollCallback(window, appScroll);
    glfwSetWindowFocusCallback(window, appFocus);
    glfwSetCursorEnterCallback(window, nullptr);
    queue.clear();
    owner = nullptr;
}

void input_queue_apply(void) {
    ImGuiIO &io = ImGui::GetIO();
    bool moved = false, typed = false, wheeled = false;
    unsigned pressed = 0;
    std::bitset<512> keys;
    while (!queue.empty()) {
        const Event &event = queue.front();
        bool later = false;
        switch (event.kind) {
        case Event::Position:
            later = pressed != 0 || keys.any() || typed || wheeled;
            if (!later) {
                position = ImVec2((float)event.x, (float)event.y);
                moved = true;
            }
            break;
        case Event::Button:
            later = moved || wheeled || (pressed & (1u << event.code));
            if (!later) {
                buttons[event.code] = event.action == GLFW_PRESS;
                pressed |= 1u << event.code;
            }
            break;
        case Event::Key:
            later = pressed != 0 || typed || (event.code >= 0 && event.code < 512 && keys.test(event.code));
            if (!later) {
                // The backend's own key handler keeps io.KeysDown and the modifiers.
                ImGui_ImplGlfw_KeyCallback(owner, event.code, event.scancode, event.action, event.mods);
                if (event.code >= 0 && event.code < 512) keys.set(event.code);
            }
            break;
        case Event::Character:
            later = pressed != 0 || moved || wheeled;
            if (!later) {
                io.AddInputCharacter(event.character);
                typed = true;
            }
            break;
        case Event::Scroll:
            later = pressed != 0 || moved;
            if (!later) {
                io.MouseWheelH += (float)event.x;
                io.MouseWheel += (float)event.y;
                wheeled = true;
            }
            break;
        }
        if (later) break;
        queue.pop_front();
    }
    // The backend polled the pointer and the buttons; what this frame was handed wins.
    io.MousePos = position;
    for (int i = 0; i < ImGuiMouseButton_COUNT; i++) io.MouseDown[i] = buttons[i];
}
