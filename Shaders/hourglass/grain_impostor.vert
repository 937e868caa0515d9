#version 430 core
// Impostor grains: four corners of a quad per grain (vertex 4g + k is grain g's corner k, drawn
// as two triangles by a static index buffer), straight from the grains' buffer. The quad lies
// in the plane that touches the sphere at its point nearest the eye, sized to the circle the
// eye's tangent cone cuts from that plane, so it covers the sphere's silhouette exactly
// (Mara & McGuire 2013 bound the same silhouette) and is nowhere deeper than the sphere.
#include "lighting.glsl"
#include "particle.glsl"
#include "grain_source.glsl"
#include "grain_shading.glsl"


out vec3 quadPoint;         // world position on the quad: the eye's ray goes through it
flat out vec4 sphere;       // world centre, radius
flat out vec3 albedo;
flat out vec4 occlusion;    // as GrainShade's, turned into the world

void main() {
    uint grain = uint(gl_VertexID) >> 2u;
    GrainShade shade = grainShades[grain];
    if (shade.albedo.w > 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // buried: outside the picture, no fragments
        return;
    }
    vec4 positionRadius = grainPositionRadius(grain);
    vec3 centre = (model * vec4(positionRadius.xyz, 1.0)).xyz;
    float radius = positionRadius.w;
    vec3 toCentre = centre - cameraPosition;
    // An eye inside a grain sees nothing of it; keep the maths finite there.
    float distance = max(length(toCentre), radius * 1.001);
    vec3 axis = toCentre / distance;
    vec3 right = normalize(cross(axis, abs(axis.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0)));
    vec3 up = cross(right, axis);
    float halfSize = (distance - radius) * radius / sqrt(distance * distance - radius * radius);
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
    quadPoint = centre - axis * radius + (right * corner.x + up * corner.y) * halfSize;
    sphere = vec4(centre, radius);
    albedo = shade.albedo.rgb;
    occlusion = vec4(shade.occlusion.x, mat3(model) * shade.occlusion.yzw);
    gl_Position = viewProjection * vec4(quadPoint, 1.0);
}
