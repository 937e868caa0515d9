// The overlay's input, queued and handed to ImGui a little at a time.
#ifndef IMGUI_BRIDGE_INPUT_QUEUE_H
#define IMGUI_BRIDGE_INPUT_QUEUE_H

typedef struct GLFWwindow GLFWwindow;

// Installs GLFW callbacks that pass every event on to the callbacks already installed (the
// app's) at once, and queue it for ImGui.
void input_queue_install(GLFWwindow *window);
void input_queue_uninstall(GLFWwindow *window);
// After the backend's new frame, before ImGui's: hands ImGui this frame's share of the queue.
void input_queue_apply(void);

#endif
