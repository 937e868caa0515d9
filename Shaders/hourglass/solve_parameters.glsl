// Everything the compute engine hands its solve, write-back and flip for a substep, in one
// std140 block (SolveParameters in Swift mirrors it, SolveParameterTests checks the two agree).
// Members are read by their bare names. Booleans are uints: std140 has no bool of a known size.
layout(std140, binding = UNIFORMS_SOLVE) uniform SolveParameterBlock {
    vec3 gravity;            // container frame, already turned by the container angle
    float subDt;
    vec3 up;                 // against gravity, in the container frame: what a support pushes along
    float speedScale;        // on every speed threshold: sqrt(g / g_ref)
    float flowDamping;       // FLOW_DAMPING and SETTLE_DAMPING to the power subDt
    float settleDamping;
    float neckDamping;
    float relistDistance;    // a grain this far from where it was listed may miss a contact
    float profileMinY;       // the glass's lookup table: its first height and spacing
    float profileSpacing;
    float floorY;            // lowest centre height + radius; the ceiling mirrors it
    uint grainCount;
    uint frameIndex;
    uint sleepEnabled;       // 0 while the container turns: everything tumbles
    uint firstSubstep;       // of the frame: deep sleepers check their support then
    uint relistStages;       // the sort's stages (relist.glsl)
    uint armedSlot;          // first word of the next substep's group counts
    uint spentSlot;          // first word of this substep's, already read by its dispatches
    uint templateSlot;       // first word of the template
    float relistLookahead;   // substeps to the check after next one, if this substep arms it; else 0
    float relistSlack;       // what gravity adds to a grain's path over those substeps
};
