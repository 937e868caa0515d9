#version 430 core
// Impostor grains: the eye's ray through this pixel meets the grain's sphere; the hit's depth
// is written, so grains cut each other where the spheres meet and the glass sorts against
// them as against meshes. The quad is never deeper than the sphere, so depth_greater keeps
// early depth tests on GPUs that use them. Grains are drawn at one sample a pixel (RENDERING.md,
// "Only what changes"): a pixel is the grain's where its centre's ray hits the sphere.
#include "lighting.glsl"
#include "grain_shading.glsl"
#include "glass_over.glsl"
layout(depth_greater) out float gl_FragDepth;

in vec3 quadPoint;
flat in vec4 sphere;
flat in vec3 albedo;
flat in vec4 occlusion;
out vec4 fragColor;


// Whether the ray along `direction` (any length) passes inside the sphere's silhouette:
// positive where it hits, b² − c·|d|² of the ray's quadratic.
float inside(vec3 direction, vec3 fromCentre) {
    float b = dot(fromCentre, direction);
    return b * b - (dot(fromCentre, fromCentre) - sphere.w * sphere.w) * dot(direction, direction);
}

void main() {
    vec3 fromCentre = cameraPosition - sphere.xyz;
    vec3 ray = quadPoint - cameraPosition;
    if (inside(ray, fromCentre) < 0.0) discard;

    vec3 direction = normalize(ray);
    float b = dot(fromCentre, direction);
    // Rounding can leave the root a hair below zero at the silhouette.
    float t = -b - sqrt(max(b * b - dot(fromCentre, fromCentre) + sphere.w * sphere.w, 0.0));
    vec3 hit = cameraPosition + direction * t;
    vec3 n = normalize(hit - sphere.xyz);
    // The hit's depth from the two rows of the projection that give it.
    vec4 world = vec4(hit, 1.0);
    float z = dot(world, vec4(viewProjection[0][2], viewProjection[1][2], viewProjection[2][2], viewProjection[3][2]));
    float w = dot(world, vec4(viewProjection[0][3], viewProjection[1][3], viewProjection[2][3], viewProjection[3][3]));
    gl_FragDepth = (gl_DepthRange.diff * z / w + gl_DepthRange.near + gl_DepthRange.far) * 0.5;
    fragColor = underGlass(shadeGrain(albedo, occlusion, n, -direction));
}
