#version 430 core
// The backdrop behind everything.
#include "backdrop.glsl"
out vec4 fragColor;

void main() {
    fragColor = vec4(backdrop(gl_FragCoord.xy), 1.0);
}
