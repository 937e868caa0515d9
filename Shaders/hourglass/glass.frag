#version 430 core
// Clear glass: it shows itself by what it reflects, not by a film. Reflection = Fresnel
// (Schlick) × the studio in the mirror direction, plus Blinn highlights of the rig's lights;
// opacity = 1 − (1 − F) × the thin wall's transmission, which dims only at grazing angles,
// where the eye's path through the wall is long. Written premultiplied, so the backdrop and
// the sand behind keep their brightness where the glass faces the eye.
#include "lighting.glsl"
#include "studio.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
out vec4 fragColor;

uniform float fresnelF0;
uniform float wallTransmission;     // straight through the wall
uniform float shininess;
uniform float highlightStrength;

void main() {
    vec3 toEye = normalize(cameraPosition - worldPosition);
    vec3 n = normalize(worldNormal);
    if (!gl_FrontFacing) n = -n;
    float facing = clamp(dot(n, toEye), 0.0, 1.0);
    float fresnel = fresnelF0 + (1.0 - fresnelF0) * pow(1.0 - facing, 5.0);
    vec3 reflection = fresnel * studio(reflect(-toEye, n)) + highlightStrength * blinnSpecular(n, toEye, shininess);
    float transmission = pow(wallTransmission, 1.0 / max(facing, 0.02));
    fragColor = vec4(reflection, 1.0 - (1.0 - fresnel) * transmission);
}
