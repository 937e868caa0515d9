#version 430 core
// The glass's near side as drawn alone over nothing (premultiplied colour and coverage), laid
// over the still picture once it is drawn: the same blend the glass itself would do. Grains
// drawn later lay it over themselves (glass_over.glsl).
layout(binding = GLASS_LAYER_UNIT) uniform sampler2D glassLayer;
out vec4 fragColor;

void main() {
    fragColor = texelFetch(glassLayer, ivec2(gl_FragCoord.xy), 0);
}
