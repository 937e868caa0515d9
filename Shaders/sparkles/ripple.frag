#version 430 core
// The ripple as a post-process: samples the control's texture displaced along the direction
// from the origin and brightens it (SparkleReference.ripple), then lays it over the backdrop.
#include "control_frame.glsl"
#include "capsule.glsl"
out vec4 colour;

layout(binding = CONTROL_TEXTURE) uniform sampler2D control;  // premultiplied, rows bottom-up as GL stores them
layout(std140, binding = RIPPLE_BLOCK) uniform RippleBlock {
    vec2 origin;        // window px
    float time;         // ripple time
    float amplitude, frequency, decay, speed;
    uint rippleOn;      // 0 while no ripple runs
    vec3 backdrop;
};

vec4 sampleAt(vec2 p) {
    return texture(control, vec2(p.x, viewportSize.y - p.y) / viewportSize);
}

void main() {
    vec2 p = pixel();
    vec4 c;
    if (rippleOn != 0u) {
        float distance = length(p - origin);
        float t = max(0.0, time - distance / speed);
        float wave = sin(frequency * t) * exp(-decay * t);
        vec2 direction = distance > 0.0 ? (p - origin) / distance : vec2(0.0);
        c = sampleAt(p + amplitude * wave * direction);
        c.rgb += wave * c.a;     // amount / amplitude, defined at amplitude 0 too
    } else {
        c = sampleAt(p);
    }
    colour = vec4(max(c.rgb, 0.0) + (1.0 - clamp(c.a, 0.0, 1.0)) * backdrop, 1.0);
}
