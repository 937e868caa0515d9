#version 430 core
// A disc of the particle's radius with a one-pixel soft rim, clipped to the capsule; added to
// what is there (blend ONE, ONE).
#include "control_frame.glsl"
#include "capsule.glsl"
in vec3 tint;
in vec2 centrePx;
in float radiusPx;
out vec4 colour;

void main() {
    vec2 p = pixel();
    float inside = clamp(0.5 - capsuleDistance(p), 0.0, 1.0);
    float disc = clamp(radiusPx + 0.5 - length(p - centrePx), 0.0, 1.0);
    float cover = inside * disc;
    if (cover <= 0.0) discard;
    colour = vec4(tint * cover, 0.0);
}
