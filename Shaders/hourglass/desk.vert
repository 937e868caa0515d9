#version 430 core
// The desk: a square of its plane around the hourglass, as far out as the wood shows (four
// corners as a triangle strip, no vertex buffer), facing up.
#include "desk.glsl"

out vec2 place;                     // where on the desk, from under the hourglass's centre

void main() {
    place = (vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0) * deskFade.y * vec2(1.0, -1.0);
    gl_Position = deskViewProjection * vec4(place.x, deskHeight, place.y, 1.0);
}
