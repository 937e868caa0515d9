// The glass's near side, kept as a layer (GlassLayer: premultiplied colour and coverage), over
// a grain's colour where the grain is drawn: the still picture under the glass already has it,
// so a frame needs no pass of its own for the glass.
layout(binding = GLASS_LAYER_UNIT) uniform sampler2D glassLayer;

vec4 underGlass(vec4 color) {
    vec4 glass = texelFetch(glassLayer, ivec2(gl_FragCoord.xy), 0);
    return vec4(glass.rgb + (1.0 - glass.a) * color.rgb, 1.0);
}
