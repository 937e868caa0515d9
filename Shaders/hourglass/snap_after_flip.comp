#version 430 core
// The flip's last act: the container snaps from π back to 0, so every grain is turned by π
// about X to stay where it is on screen. Sleep counters clear so the new upper pile drains.
#include "particle.glsl"
#include "solve_parameters.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = BUFFER_PARTICLES) buffer Particles { Particle particles[]; };


void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    Particle grain = particles[id];
    grain.positionRadius.yz = -grain.positionRadius.yz;
    grain.velocitySleep.yz = -grain.velocitySleep.yz;
    grain.velocitySleep.w = 0.0;
    particles[id] = grain;
}
