#version 430 core
// The control, premultiplied alpha, into its own texture (the ripple pass samples it): the
// black capsule, the white stroke inside its edge, and the palette-coloured border that glows
// nearest the press with the seed's intensity (SparkleReference.glowIntensity).
#include "control_frame.glsl"
#include "capsule.glsl"
out vec4 colour;

layout(std140, binding = CONTROL_BLOCK) uniform ControlBlock {
    float strokeWidth, borderWidth, haloRadius;
    vec2 press;            // window px
    float progress;        // 0-1
    float glowAmplitude;
    vec3 paletteA, paletteB, paletteC;
};

float glowIntensity(float d) {
    if (progress <= 0.0) return 0.0;
    return smoothstep(0.0, 1.0, progress) * exp(-d * d) * glowAmplitude * smoothstep(0.0, 1.0, 1.0 - d / progress);
}

// An angular gradient round the capsule's centre through the three colours and back.
vec3 palette(vec2 p) {
    vec2 d = (p - (controlOrigin + controlSize * 0.5)) / controlSize;
    float t = fract(atan(d.y, d.x) / 6.28318530718 + 1.0) * 3.0;
    if (t < 1.0) return mix(paletteA, paletteB, t);
    if (t < 2.0) return mix(paletteB, paletteC, t - 1.0);
    return mix(paletteC, paletteA, t - 2.0);
}

void main() {
    vec2 p = pixel();
    float sd = capsuleDistance(p);
    float fill = clamp(0.5 - sd, 0.0, 1.0);
    float stroke = strokeWidth > 0.0 ? fill - clamp(0.5 - (sd + strokeWidth), 0.0, 1.0) : 0.0;
    float core = clamp(borderWidth * 0.5 + 0.5 - abs(sd), 0.0, 1.0);
    float halo = haloRadius > 0.0 ? 0.6 * exp(-(sd * sd) / (haloRadius * haloRadius)) : 0.0;
    vec2 uv = (p - press) / controlSize;
    float glow = max(core, halo) * glowIntensity(length(uv));
    vec3 rgb = vec3(stroke) + palette(p) * glow;
    colour = vec4(rgb, max(fill, min(glow, 1.0)));
}
