#version 430 core
// Mesh grains: Lambert only (sand is matte, and specular made the grains' undersides blow out
// in the original), with the pile's occlusion and the edge cue.
#include "lighting.glsl"
#include "grain_shading.glsl"
#include "glass_over.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
flat in vec3 albedo;
flat in vec4 occlusion;
out vec4 fragColor;

void main() {
    fragColor = underGlass(shadeGrain(albedo, occlusion, normalize(worldNormal), normalize(cameraPosition - worldPosition)));
}
