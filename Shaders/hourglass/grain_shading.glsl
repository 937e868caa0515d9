// Sand beyond Lambert, the same for every mode and grain shape: a shade of its own for each
// grain (hashed from its index, so it stays with the grain), occlusion from the pile around
// the point, and a dark rim where grains meet. Needs lighting.glsl and pcg.glsl before it.
uniform sampler3D occlusionField;  // how full the pile is around a point, 0–1 (GrainOcclusion)
uniform mat4 worldToField;         // world position → the field's texture coordinates
uniform float grainRadius;

// The grain's albedo in linear colour: the sRGB colour scaled by 1 ± the brightness jitter and
// warmed or cooled by the hue jitter, in display space so the jitter is what the eye sees.
vec3 grainAlbedo(vec3 srgb, uint grain) {
    uint h = pcg(grain);
    float brightness = 1.0 + GRAIN_BRIGHTNESS_JITTER * (2.0 * unit(h) - 1.0);
    float warmth = GRAIN_HUE_JITTER * (2.0 * unit(pcg(h)) - 1.0);
    return toLinear(srgb * brightness * vec3(1.0 + warmth, 1.0, 1.0 - warmth));
}

// Light that reaches a surface point: the field sampled a little outside the grain along its
// normal, so the side that faces the pile is dark and the side that faces the open is lit.
float pileOcclusion(vec3 surface, vec3 n) {
    vec3 probe = surface + n * ((OCCLUSION_REACH - 1.0) * grainRadius);
    return 1.0 - OCCLUSION_STRENGTH * texture(occlusionField, (worldToField * vec4(probe, 1.0)).xyz).r;
}

// Where the surface turns away from the eye, two touching grains meet: darken it (QuteMol's
// edge cue, drawn per grain).
float edgeCue(vec3 n, vec3 toEye) {
    return mix(EDGE_DARKNESS, 1.0, smoothstep(0.0, EDGE_WIDTH, dot(n, toEye)));
}

vec4 shadeGrain(vec3 albedo, vec3 surface, vec3 n) {
    vec3 toEye = normalize(cameraPosition - surface);
    float shade = pileOcclusion(surface, n) * edgeCue(n, toEye);
    return vec4(toSRGB(albedo * lambert(n) * shade), 1.0);
}
