#version 430 core
// The last pass of a substep, one invocation per grain, after physics_step.comp has resolved
// every contact: keep the grain inside the glass, take its velocity from how far it moved,
// then the neck's friction, the original's damping blend and the sleep counter.
#include "particle.glsl"
#include "glass.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer ParticlesStart { Particle particlesStart[]; };
layout(std430, binding = 1) buffer Particles { Particle particles[]; };
layout(std430, binding = 10) readonly buffer Contacts { uint contactCounts[]; };

uniform uint grainCount;
uniform float speedScale;       // on every speed threshold: sqrt(g / g_ref)
uniform float subDt;
uniform float neckDamping;
uniform bool sleepEnabled;

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    Particle self = particles[id];
    float sleep = self.velocitySleep.w;
    if (sleepEnabled && sleep >= LIGHT_SLEEP_COUNTER) return;   // grain_predict.comp kept it still
    vec3 start = particlesStart[id].positionRadius.xyz;
    vec3 p = self.positionRadius.xyz;
    float r = self.positionRadius.w;
    bool onFloor = collideGlass(p, start, r);
    vec3 v = (p - start) / subDt;

    if (abs(p.y) < NECK_HALF_HEIGHT) {
        float ramp = 1.0 - abs(p.y) / NECK_HALF_HEIGHT;
        v *= max(0.0, 1.0 - ramp * neckDamping * subDt);
    }

    float flow = pow(FLOW_DAMPING, subDt);
    float settle = pow(SETTLE_DAMPING, subDt);
    v *= settle + (flow - settle) * min(length(v) / (DAMPING_SPEED_SCALE * speedScale), 1.0);

    // Only a supported grain below the neck may be stopped or fall asleep; a grain in free
    // fall, or one above waiting to drain, must keep every bit of gravity it gathers. Nothing
    // sleeps in the neck itself: the neck's friction slows the stream there, and a sleeper,
    // which its neighbours cannot move, would plug it. The stop holds at all times
    // (SimulationParameters.stopsResting): without it a pile's flanks go on creeping flatter
    // after the pour. Sleep only while the timer does not run.
    bool resting = p.y < -NECK_HALF_HEIGHT && (contactCounts[id] > 0u || onFloor);
    float speed = length(v);
    if (resting && speed < VELOCITY_CUTOFF * speedScale) v = vec3(0.0);
    sleep = sleepEnabled && resting && speed < SLEEP_SPEED * speedScale ? sleep + 1.0 : 0.0;
    particles[id] = Particle(vec4(p, r), vec4(v, sleep));
}
