// PCG's output hash (O'Neill): the random numbers the scenes' shaders draw, the same as
// SceneSupport's PCG, so CPU references draw the same ones.
uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}
float unit(uint h) { return float(h >> 8u) * (1.0 / 16777216.0); }
