#version 430 core
// Each grain's look this frame, once per grain rather than per pixel: its albedo with a shade
// of its own (hashed from its index, so it stays with the grain), the pile's fullness at its
// centre and how that changes across it (central differences a cell apart, from the occlusion
// field), and whether it is hidden: buried (full all round) or behind two cells of packed
// pile on the way to the eye (on llvmpipe every fragment of a grain is shaded, seen or not).
#include "../common/pcg.glsl"
#include "lighting.glsl"
#include "particle.glsl"
#include "grain_source.glsl"
#include "occlusion_field.glsl"
#include "grain_shading.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(binding = OCCLUSION_FIELD_UNIT) uniform sampler3D occlusionField;

float fullness(vec3 p) {
    return textureLod(occlusionField, (p - fieldOrigin) / (fieldCellSize * vec3(fieldSize)), 0.0).r;
}

void main() {
    uint grain = gl_GlobalInvocationID.x;
    if (grain >= grainCount) return;
    // The jitter is applied in display terms, so it is what the eye sees.
    uint h = pcg(grain);
    float brightness = 1.0 + GRAIN_BRIGHTNESS_JITTER * (2.0 * unit(h) - 1.0);
    float warmth = GRAIN_HUE_JITTER * (2.0 * unit(pcg(h)) - 1.0);
    vec3 albedo = toLinear(grainColor(grain) * brightness * vec3(1.0 + warmth, 1.0, 1.0 - warmth));

    vec3 p = grainPositionRadius(grain).xyz;
    float d = fieldCellSize;
    float centre = fullness(p);
    vec3 above = vec3(fullness(p + vec3(d, 0.0, 0.0)), fullness(p + vec3(0.0, d, 0.0)), fullness(p + vec3(0.0, 0.0, d)));
    vec3 below = vec3(fullness(p - vec3(d, 0.0, 0.0)), fullness(p - vec3(0.0, d, 0.0)), fullness(p - vec3(0.0, 0.0, d)));
    vec3 change = (above - below) / (2.0 * d) * (OCCLUSION_REACH * grainRadius);
    float least = min(centre, min(min(min(above.x, above.y), above.z), min(min(below.x, below.y), below.z)));
    vec3 toEye = normalize(eye - p) * d;
    bool hidden = least >= BURIED_FULLNESS || min(fullness(p + toEye), fullness(p + 2.0 * toEye)) >= BURIED_FULLNESS;
    grainShades[grain] = GrainShade(vec4(albedo, hidden ? 1.0 : 0.0), vec4(centre, change));
}
