#version 430 core
// Mesh grains in Instanced mode: the vertex buffer expand_meshes.comp wrote, drawn as it is;
// a grain's vertices are its MESH_VERTICES_PER_GRAIN in a row.
#include "lighting.glsl"
#include "grain_shading.glsl"
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;


out vec3 worldPosition;
out vec3 worldNormal;
flat out vec3 albedo;
flat out vec4 occlusion;    // as GrainShade's, turned into the world

void main() {
    GrainShade shade = grainShades[gl_VertexID / MESH_VERTICES_PER_GRAIN];
    vec4 world = model * vec4(position, 1.0);
    worldPosition = world.xyz;
    worldNormal = mat3(model) * normal;
    albedo = shade.albedo.rgb;
    occlusion = vec4(shade.occlusion.x, mat3(model) * shade.occlusion.yzw);
    // A buried grain is put outside the picture: no eye sees it.
    gl_Position = shade.albedo.w > 0.0 ? vec4(2.0, 2.0, 2.0, 1.0) : viewProjection * world;
}
