#version 430 core
// The studio behind the hourglass: a warm backdrop, lighter behind the glass and darker to the
// window's corners (in window coordinates, so hourglasses side by side share one backdrop);
// and, in an hourglass's viewport, the desk it stands on: the eye's ray meets the desk's plane,
// the wood fades into the backdrop with distance, and a soft contact shadow lies under the base.
out vec4 fragColor;

uniform vec2 windowSize;            // framebuffer pixels
uniform vec3 topColor;              // sRGB
uniform vec3 bottomColor;
uniform float vignette;             // darkening at the window's corners
uniform bool withDesk;
uniform vec4 viewport;              // x, y, width, height in pixels
uniform vec3 rayRight;              // the eye's ray through (x, y) in device coordinates is
uniform vec3 rayUp;                 // rayForward + x rayRight + y rayUp
uniform vec3 rayForward;
uniform vec3 cameraPosition;
uniform float deskHeight;
uniform vec3 deskColor;             // sRGB
uniform vec2 deskFade;              // distances from the hourglass where the fade starts and ends
uniform float capRadius;
uniform float lift;                 // how far the hourglass is raised off the desk
uniform float shadowStrength;
uniform float shadowPenumbra;       // beyond the cap, as a share of its radius
uniform float shadowFadeHeight;

vec3 backdrop() {
    vec2 uv = gl_FragCoord.xy / windowSize;
    vec2 fromCentre = (uv - vec2(0.5, 0.55)) * vec2(windowSize.x / windowSize.y, 1.0);
    return mix(bottomColor, topColor, uv.y) * (1.0 - vignette * dot(fromCentre, fromCentre));
}

void main() {
    vec3 color = backdrop();
    if (withDesk) {
        vec2 ndc = (gl_FragCoord.xy - viewport.xy) / viewport.zw * 2.0 - 1.0;
        vec3 direction = normalize(rayForward + ndc.x * rayRight + ndc.y * rayUp);
        float t = (deskHeight - cameraPosition.y) / direction.y;
        if (direction.y < 0.0 && t > 0.0) {
            vec2 place = (cameraPosition + direction * t).xz;
            float distance = length(place);
            // A spot on the hourglass lights the wood around it.
            vec3 wood = deskColor * (0.6 + 0.4 * exp(-distance * distance * 2.0));
            float shadow = shadowStrength * exp(-lift / shadowFadeHeight)
                * (1.0 - smoothstep(capRadius * 0.5, capRadius * (1.0 + shadowPenumbra), distance));
            wood *= 1.0 - shadow;
            color = mix(wood, color, smoothstep(deskFade.x, deskFade.y, distance));
        }
    }
    fragColor = vec4(color, 1.0);
}
