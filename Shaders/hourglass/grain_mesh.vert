#version 430 core
// Mesh grains in Instanced mode: the vertex buffer expand_meshes.comp wrote, drawn as it is;
// a grain's vertices are its MESH_VERTICES_PER_GRAIN in a row.
#include "../common/pcg.glsl"
#include "lighting.glsl"
#include "grain_shading.glsl"
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 color;

uniform mat4 model;
uniform mat4 viewProjection;

out vec3 worldPosition;
out vec3 worldNormal;
flat out vec3 albedo;

void main() {
    vec4 world = model * vec4(position, 1.0);
    worldPosition = world.xyz;
    worldNormal = mat3(model) * normal;
    albedo = grainAlbedo(color.rgb, uint(gl_VertexID / MESH_VERTICES_PER_GRAIN));
    gl_Position = viewProjection * world;
}
