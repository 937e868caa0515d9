// The original's five-light rig plus ambient, fixed in the world while the container turns.
// Intensities are on SceneKit's scale (1000 = full), lighting is done in linear colour and the
// result is encoded to sRGB, as SceneKit does.
// The rig's numbers arrive as #defines (LightRig.defines).
const int LIGHT_COUNT = RIG_LIGHT_COUNT;
const vec3 lightDirections[LIGHT_COUNT] = RIG_LIGHT_DIRECTIONS;  // unit vectors from the surface toward each light
const vec3 lightColors[LIGHT_COUNT] = RIG_LIGHT_COLORS;          // colour × intensity / 1000 × exposure
const vec3 ambientLight = RIG_AMBIENT;
#include "view.glsl"

vec3 toLinear(vec3 srgb) { return pow(srgb, vec3(2.2)); }
// x^(1/2.2) to within 1.1/255 over 0–1, as a polynomial in √x: pow costs a logarithm and an
// exponential per channel, a fifth of a grain's shading on llvmpipe.
vec3 toSRGB(vec3 linear) {
    vec3 s = sqrt(clamp(linear, 0.0, 1.0));
    return s * (1.25985 + s * (-0.62992 + s * (0.59158 - 0.22233 * s)));
}

// The rig's terms written out (LightRig.defines): llvmpipe runs a loop over the constant arrays
// as a loop, which made a grain's pixel half again as dear (docs/BENCHMARKS.md).
vec3 lambert(vec3 n) { return RIG_LAMBERT(n); }

vec3 blinnHighlight(int i, vec3 n, vec3 toEye, float shininess) {
    vec3 h = normalize(lightDirections[i] + toEye);
    return lightColors[i] * pow(max(dot(n, h), 0.0), shininess) * step(0.0, dot(n, lightDirections[i]));
}

vec3 blinnSpecular(vec3 n, vec3 toEye, float shininess) {
    vec3 light = vec3(0.0);
    for (int i = 0; i < LIGHT_COUNT; ++i) light += blinnHighlight(i, n, toEye, shininess);
    return light;
}
