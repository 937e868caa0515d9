#version 430 core
// Mesh grains in CPU and GPU modes: one icosphere drawn once per grain, placed by the grain's
// position and radius from the uploaded grains.
#include "lighting.glsl"
#include "particle.glsl"
#include "grain_source.glsl"
#include "grain_shading.glsl"
layout(location = 0) in vec3 corner;


out vec3 worldPosition;
out vec3 worldNormal;
flat out vec3 albedo;
flat out vec4 occlusion;    // as GrainShade's, turned into the world

void main() {
    uint grain = uint(gl_InstanceID);
    GrainShade shade = grainShades[grain];
    vec4 positionRadius = grainPositionRadius(grain);
    vec4 world = model * vec4(positionRadius.xyz + corner * positionRadius.w, 1.0);
    worldPosition = world.xyz;
    worldNormal = mat3(model) * corner;
    albedo = shade.albedo.rgb;
    occlusion = vec4(shade.occlusion.x, mat3(model) * shade.occlusion.yzw);
    // A buried grain is put outside the picture: no eye sees it.
    gl_Position = shade.albedo.w > 0.0 ? vec4(2.0, 2.0, 2.0, 1.0) : viewProjection * world;
}
