// PNG writing (the app) and reading (the window tests) from Debian's libstb.
#include <stb/stb_image_write.h>
#include <stb/stb_image.h>

// Debian's libstb exports this, but its header declares it only inside the implementation.
unsigned char *stbi_write_png_to_mem(const unsigned char *pixels, int stride_bytes, int x, int y, int n, int *out_len);
