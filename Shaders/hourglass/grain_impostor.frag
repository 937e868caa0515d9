#version 430 core
// Impostor grains: the eye's ray through this pixel meets the grain's sphere; the hit's depth
// is written, so grains cut each other where the spheres meet and the glass sorts against
// them as against meshes. The quad is never deeper than the sphere, so depth_greater keeps
// early depth tests on GPUs that use them. Silhouettes get MSAA's edge: each sample's own ray
// decides whether it is covered (the pixel shades once, as a mesh's would).
#include "../common/pcg.glsl"
#include "lighting.glsl"
#include "grain_shading.glsl"
layout(depth_greater) out float gl_FragDepth;

in vec3 quadPoint;
flat in vec4 sphere;
flat in vec3 albedo;
out vec4 fragColor;

uniform mat4 viewProjection;
uniform vec2 samplePositions[MSAA_SAMPLES];  // within the pixel, 0–1, as this GL places them

// b and c of the ray's quadratic t² + 2bt + c = 0 against the sphere: it hits where b² ≥ c.
vec2 rayQuadratic(vec3 direction) {
    vec3 fromCentre = cameraPosition - sphere.xyz;
    return vec2(dot(fromCentre, direction), dot(fromCentre, fromCentre) - sphere.w * sphere.w);
}

void main() {
    // Derivatives first: they are undefined after a discard.
    vec3 acrossX = dFdx(quadPoint), acrossY = dFdy(quadPoint);
    int covered = 0;
    for (int s = 0; s < MSAA_SAMPLES; ++s) {
        vec2 offset = samplePositions[s] - 0.5;
        vec2 q = rayQuadratic(normalize(quadPoint + acrossX * offset.x + acrossY * offset.y - cameraPosition));
        if (q.x * q.x >= q.y) covered |= 1 << s;
    }
    if (covered == 0) discard;
    gl_SampleMask[0] = covered;

    vec3 direction = normalize(quadPoint - cameraPosition);
    vec2 q = rayQuadratic(direction);
    // A pixel whose centre just misses is shaded at the silhouette, where its samples hit.
    float t = -q.x - sqrt(max(q.x * q.x - q.y, 0.0));
    vec3 hit = cameraPosition + direction * t;
    vec3 n = normalize(hit - sphere.xyz);
    vec4 clip = viewProjection * vec4(hit, 1.0);
    gl_FragDepth = (gl_DepthRange.diff * clip.z / clip.w + gl_DepthRange.near + gl_DepthRange.far) * 0.5;
    fragColor = shadeGrain(albedo, hit, n);
}
