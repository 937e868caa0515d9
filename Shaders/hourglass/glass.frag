#version 430 core
// Clear glass: it shows itself by what it reflects, not by a film. Reflection = Fresnel
// (Schlick) × the studio in the mirror direction, plus the key light's Blinn highlight; opacity = 1 − (1 − F) × the thin wall's transmission, which dims
// only at grazing angles, where the eye's path through the wall is long. Written
// premultiplied, so the backdrop and the sand behind keep their brightness where the glass
// faces the eye.
#include "lighting.glsl"
#include "studio.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
out vec4 fragColor;

layout(std140, binding = UNIFORMS_GLASS) uniform GlassBlock {
    float fresnelF0;
    float wallAbsorbance;           // −log2 of the light through the wall straight on
    float shininess;
    float highlightStrength;
};

void main() {
    vec3 toEye = normalize(cameraPosition - worldPosition);
    vec3 n = normalize(worldNormal);
    if (!gl_FrontFacing) n = -n;
    float facing = clamp(dot(n, toEye), 0.0, 1.0);
    float grazing = 1.0 - facing, grazing2 = grazing * grazing;
    float fresnel = fresnelF0 + (1.0 - fresnelF0) * grazing2 * grazing2 * grazing;
    vec3 reflection = fresnel * studio(reflect(-toEye, n)) + highlightStrength * blinnHighlight(KEY_LIGHT, n, toEye, shininess);
    float transmission = exp2(-wallAbsorbance / max(facing, 0.02));
    fragColor = vec4(reflection, 1.0 - (1.0 - fresnel) * transmission);
}
