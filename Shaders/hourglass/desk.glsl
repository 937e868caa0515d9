// The desk under one glass (DeskBlock in Swift, HourglassBlocks.swift): its wood, where it
// fades, the contact shadow, and the glass's own view of it, bound before its draw.
layout(std140, binding = UNIFORMS_DESK) uniform DeskBlock {
    mat4 deskViewProjection;        // the glass's, stretched to the window's height (SceneRenderer)
    vec3 deskColor;                 // sRGB
    float deskHeight;
    vec2 deskFade;                  // distances from the hourglass where the fade starts and ends
    float capRadius;
    float clearance;                // how high the hourglass's lowest point stands off the desk
    float shadowStrength;
    float shadowPenumbra;           // beyond the cap, as a share of its radius
    float shadowFadeHeight;
};
