// Sand beyond Lambert, the same for every mode and grain shape (needs lighting.glsl before it):
// each grain's albedo and its occlusion by the pile, prepared once a frame per grain by
// grain_prepare.comp, then a dark rim where grains meet.
struct GrainShade {
    vec4 albedo;     // linear colour with the grain's own jitter; w = 1 where the grain is buried
    vec4 occlusion;  // x: how full the pile is at its centre; yzw: how that changes toward a normal
};
layout(std430, binding = GRAIN_SHADES_BINDING) buffer GrainShades { GrainShade grainShades[]; };

// Light that reaches the surface where the normal is n: the pile's fullness a little outside
// the grain along n, from its value at the centre (x) and its change toward n (yzw, already
// scaled to that distance; in the frame of n).
float pileOcclusion(vec4 occlusion, vec3 n) {
    return 1.0 - OCCLUSION_STRENGTH * clamp(occlusion.x + dot(n, occlusion.yzw), 0.0, 1.0);
}

// Where the surface turns away from the eye, two touching grains meet: darken it (QuteMol's
// edge cue, drawn per grain).
float edgeCue(vec3 n, vec3 toEye) {
    return mix(EDGE_DARKNESS, 1.0, smoothstep(0.0, EDGE_WIDTH, dot(n, toEye)));
}

// A grain's colour where its normal is n and the eye lies along toEye (unit), encoded for the
// screen. Light bounced between grains carries their colour into the pile's shade, so blue
// fades there first.
vec4 shadeGrain(vec3 albedo, vec4 occlusion, vec3 n, vec3 toEye) {
    float shade = pileOcclusion(occlusion, n) * edgeCue(n, toEye);
    vec3 warmShade = shade * (1.0 - SHADE_WARMTH * (1.0 - shade) * vec3(0.0, 0.5, 1.0));
    return vec4(toSRGB(albedo * lambert(n) * warmShade), 1.0);
}
