#version 430 core
// Mesh grains in CPU and GPU modes: one icosphere drawn once per grain, placed by the grain's
// position and radius from the uploaded grains.
#include "../common/pcg.glsl"
#include "lighting.glsl"
#include "particle.glsl"
#include "grain_source.glsl"
#include "grain_shading.glsl"
layout(location = 0) in vec3 corner;

uniform mat4 model;
uniform mat4 viewProjection;

out vec3 worldPosition;
out vec3 worldNormal;
flat out vec3 albedo;

void main() {
    uint grain = uint(gl_InstanceID);
    vec4 positionRadius = grainPositionRadius(grain);
    vec4 world = model * vec4(positionRadius.xyz + corner * positionRadius.w, 1.0);
    worldPosition = world.xyz;
    worldNormal = mat3(model) * corner;
    albedo = grainAlbedo(grainColor(grain), grain);
    gl_Position = viewProjection * world;
}
