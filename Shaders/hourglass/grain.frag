#version 430 core
// Lambert only: sand is matte, and specular made the grains' undersides blow out in the original.
#include "lighting.glsl"

in vec3 worldNormal;
in vec3 grainColor;
out vec4 fragColor;

void main() {
    vec3 albedo = toLinear(grainColor);
    fragColor = vec4(toSRGB(albedo * lambert(normalize(worldNormal))), 1.0);
}
