// Dear ImGui is C++; this module only carries its pkg-config flags and libraries to the C++
// bridge (ImGuiBridge), which is what Swift calls.
