#version 430 core
// The end of a frame: every grain back to its place in load order, where renderers and
// readGrains find grain i as grain i (the solve works in cell order; NVIDIA's `particles`
// writes its results back through the sorted index the same way).
#include "particle.glsl"
#include "solve_parameters.glsl"
#include "grain_texels.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;
layout(binding = UNIT_IDS) uniform usamplerBuffer grainIds;
layout(std430, binding = BUFFER_PARTICLES) writeonly buffer Particles { Particle particles[]; };


void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainCount) return;
    particles[texelFetch(grainIds, int(k)).x] = Particle(positionRadiusAt(grains, k), velocitySleepAt(grains, k));
}
