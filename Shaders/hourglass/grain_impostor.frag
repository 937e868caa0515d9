#version 430 core
// Impostor grains: the eye's ray through this pixel meets the grain's sphere; the hit's depth
// is written, so grains cut each other where the spheres meet and the glass sorts against
// them as against meshes. The quad is never deeper than the sphere, so depth_greater keeps
// early depth tests on GPUs that use them. Silhouettes get MSAA's edge: where the silhouette
// crosses the pixel, each sample's own ray decides whether it is covered (the pixel shades
// once, as a mesh's would).
#include "lighting.glsl"
#include "grain_shading.glsl"
layout(depth_greater) out float gl_FragDepth;

in vec3 quadPoint;
flat in vec4 sphere;
flat in vec3 albedo;
flat in vec4 occlusion;
out vec4 fragColor;

uniform mat4 viewProjection;
uniform vec2 samplePositions[MSAA_SAMPLES];  // within the pixel, 0–1, as this GL places them

// How far inside the sphere's silhouette the ray along `direction` (any length) passes:
// positive where it hits, b² − c·|d|² of the ray's quadratic.
float inside(vec3 direction, vec3 fromCentre) {
    float b = dot(fromCentre, direction);
    return b * b - (dot(fromCentre, fromCentre) - sphere.w * sphere.w) * dot(direction, direction);
}

void main() {
    vec3 fromCentre = cameraPosition - sphere.xyz;
    vec3 ray = quadPoint - cameraPosition;
    // Derivatives first: they are undefined after a discard.
    vec3 acrossX = dFdx(ray), acrossY = dFdy(ray);
    float margin = inside(ray, fromCentre);
    float perPixel = abs(dFdx(margin)) + abs(dFdy(margin));
    if (margin < -perPixel) discard;
    int covered = -1;
    if (margin < perPixel) {
        covered = 0;
        for (int s = 0; s < MSAA_SAMPLES; ++s) {
            vec2 offset = samplePositions[s] - 0.5;
            if (inside(ray + acrossX * offset.x + acrossY * offset.y, fromCentre) >= 0.0) covered |= 1 << s;
        }
        if (covered == 0) discard;
    }
    gl_SampleMask[0] = covered;

    vec3 direction = normalize(ray);
    float b = dot(fromCentre, direction);
    // A pixel whose centre just misses is shaded at the silhouette, where its samples hit.
    float t = -b - sqrt(max(b * b - dot(fromCentre, fromCentre) + sphere.w * sphere.w, 0.0));
    vec3 hit = cameraPosition + direction * t;
    vec3 n = normalize(hit - sphere.xyz);
    vec4 clip = viewProjection * vec4(hit, 1.0);
    gl_FragDepth = (gl_DepthRange.diff * clip.z / clip.w + gl_DepthRange.near + gl_DepthRange.far) * 0.5;
    fragColor = shadeGrain(albedo, occlusion, hit, n);
}
