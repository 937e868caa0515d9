#version 430 core
// Glass and caps: surfaces of revolution under the container transform.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;

#include "view.glsl"

out vec3 worldPosition;
out vec3 worldNormal;
out vec3 localPosition;  // the glass's own frame: the caps' wood turns with it

void main() {
    vec4 world = model * vec4(position, 1.0);
    worldPosition = world.xyz;
    worldNormal = mat3(model) * normal;
    localPosition = position;
    gl_Position = viewProjection * world;
}
