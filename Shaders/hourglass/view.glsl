// Where a glass is drawn from, for every program that draws part of it: one std140 block
// (HourglassViewBlock in Swift, HourglassBlocks.swift), bound before the glass's draws.
layout(std140, binding = UNIFORMS_VIEW) uniform HourglassViewBlock {
    mat4 model;              // the container in the world
    mat4 viewProjection;
    vec3 cameraPosition;     // in the world
    vec2 windowSize;         // framebuffer pixels
};
