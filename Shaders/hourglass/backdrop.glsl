// The studio's backdrop: a warm grey, lighter toward the top and behind the glass, darker to
// the window's corners; in window coordinates, so hourglasses side by side share one backdrop.
#include "view.glsl"
layout(std140, binding = UNIFORMS_BACKDROP) uniform BackdropBlock {
    vec3 topColor;                  // sRGB
    float vignette;                 // darkening at the window's corners
    vec3 bottomColor;
};

vec3 backdrop(vec2 pixel) {
    vec2 uv = pixel / windowSize;
    vec2 fromCentre = (uv - vec2(0.5, 0.55)) * vec2(windowSize.x / windowSize.y, 1.0);
    return mix(bottomColor, topColor, uv.y) * (1.0 - vignette * dot(fromCentre, fromCentre));
}
