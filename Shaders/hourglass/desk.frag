#version 430 core
// The desk under an hourglass: dark wood lit by a spot on the hourglass, with a soft contact
// shadow under the base (analytic: it fades out as the hourglass leaves the desk), fading into the
// backdrop with distance, like a studio sweep.
#include "backdrop.glsl"
#include "desk.glsl"
in vec2 place;
out vec4 fragColor;

void main() {
    float distance = length(place);
    vec3 wood = deskColor * (0.6 + 0.4 * exp(-distance * distance * 2.0));
    float shadow = shadowStrength * exp(-clearance / shadowFadeHeight)
        * (1.0 - smoothstep(capRadius * 0.5, capRadius * (1.0 + shadowPenumbra), distance));
    fragColor = vec4(mix(wood * (1.0 - shadow), backdrop(gl_FragCoord.xy), smoothstep(deskFade.x, deskFade.y, distance)), 1.0);
}
