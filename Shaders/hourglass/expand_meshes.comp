#version 430 core
// One invocation per output vertex: grain g's icosphere corner c becomes
// position = centre + corner × radius, normal = corner, colour = the grain's RGBA8 colour,
// packed as 7 words (28 bytes) straight into the vertex buffer the renderer draws. Nothing
// comes back to the CPU.
#include "particle.glsl"
#include "dispatch_parameters.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = BUFFER_PARTICLES) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = BUFFER_COLORS) readonly buffer Colors { uint colors[]; };
layout(std430, binding = BUFFER_CORNERS) readonly buffer Corners { vec4 corners[]; };
layout(std430, binding = BUFFER_VERTICES) writeonly buffer Vertices { uint vertexWords[]; };

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= grainTotal * uint(MESH_VERTICES_PER_GRAIN)) return;
    uint grain = index / uint(MESH_VERTICES_PER_GRAIN);
    vec3 normal = corners[index % uint(MESH_VERTICES_PER_GRAIN)].xyz;
    vec4 centre = particles[grain].positionRadius;
    vec3 position = centre.xyz + normal * centre.w;
    uint base = index * uint(MESH_VERTEX_WORDS);
    vertexWords[base + 0u] = floatBitsToUint(position.x);
    vertexWords[base + 1u] = floatBitsToUint(position.y);
    vertexWords[base + 2u] = floatBitsToUint(position.z);
    vertexWords[base + 3u] = floatBitsToUint(normal.x);
    vertexWords[base + 4u] = floatBitsToUint(normal.y);
    vertexWords[base + 5u] = floatBitsToUint(normal.z);
    vertexWords[base + 6u] = colors[grain];
}
