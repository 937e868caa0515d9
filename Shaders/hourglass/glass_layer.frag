#version 430 core
// The glass's near side as drawn alone over nothing (premultiplied colour and coverage), laid
// over this frame's grains pixel for pixel: the same blend the glass itself would do, from one
// fetch where the glass's shading would cost every light and the studio.
uniform sampler2D glassLayer;
out vec4 fragColor;

void main() {
    fragColor = texelFetch(glassLayer, ivec2(gl_FragCoord.xy), 0);
}
