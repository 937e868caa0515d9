#version 430 core
// One leapfrog step of the damped wave equation on the cell grid (WaveCoefficients and
// WaveReference.step describe the same step; docs/WAVES.md derives it). Reads previous and
// current, writes next; samples beyond the grid repeat the edge cell.
layout(local_size_x = WORK_GROUP_SIZE, local_size_y = WORK_GROUP_SIZE) in;

layout(r32f, binding = PREVIOUS_HEIGHTS_IMAGE) readonly uniform image2D previousHeights;
layout(r32f, binding = CURRENT_HEIGHTS_IMAGE) readonly uniform image2D currentHeights;
layout(r32f, binding = NEXT_HEIGHTS_IMAGE) writeonly uniform image2D nextHeights;

layout(std140, binding = WAVE_STEP_BLOCK) uniform WaveStepBlock {
    float k;               // (c dt / cell)^2, clamped below the stability limit
    float dispersion;      // sigma
    float viscosityBlend;  // beta = min(viscosity dt 12, 0.5)
    float decay;           // exp(-damping dt)
    float edgeLogDecay;    // ln of the edge cells' per-step attenuation
    float edgeWidthCells;  // width of the absorbing band
};

ivec2 size;

float current(ivec2 p) { return imageLoad(currentHeights, clamp(p, ivec2(0), size - 1)).r; }

// The absorbing band: exp(edgeLogDecay) on the edge cells, ramping to 1 at edgeWidthCells.
float attenuation(ivec2 p) {
    ivec2 far = size - 1 - p;
    float d = float(min(min(p.x, far.x), min(p.y, far.y)));
    float t = clamp(d / edgeWidthCells, 0.0, 1.0);
    float s = t * t * (3.0 - 2.0 * t);
    return exp(edgeLogDecay * (1.0 - s));
}

// The previous field is read as the attenuated state a * previous, so that scaling height and
// velocity by a damps without acting as a spring (see WaveCoefficients).
float velocity(ivec2 p) {
    ivec2 q = clamp(p, ivec2(0), size - 1);
    return imageLoad(currentHeights, q).r - attenuation(q) * imageLoad(previousHeights, q).r;
}

void main() {
    size = imageSize(currentHeights);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= size.x || p.y >= size.y) return;

    float u = current(p);
    float cardinal = current(p + ivec2(-1, 0)) + current(p + ivec2(1, 0)) + current(p + ivec2(0, -1)) + current(p + ivec2(0, 1));
    float diagonal = current(p + ivec2(-1, -1)) + current(p + ivec2(1, -1)) + current(p + ivec2(-1, 1)) + current(p + ivec2(1, 1));
    float laplacian = (4.0 * cardinal + diagonal - 20.0 * u) / 6.0;
    float cardinalLaplacian = cardinal - 4.0 * u;
    float diagonalLaplacian = (diagonal - 4.0 * u) * 0.5;
    float acceleration = laplacian + dispersion * (diagonalLaplacian - cardinalLaplacian);

    float v = velocity(p);
    float neighbourMean = (velocity(p + ivec2(-1, 0)) + velocity(p + ivec2(1, 0)) + velocity(p + ivec2(0, -1)) + velocity(p + ivec2(0, 1))) * 0.25;
    v += viscosityBlend * (neighbourMean - v);
    v *= decay;

    imageStore(nextHeights, p, vec4(attenuation(p) * (u + v + k * acceleration)));
}
