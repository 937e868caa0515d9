// Picture writing (the app: PNG, JPEG, BMP) and reading (the window tests) from Debian's libstb.
#include <stb/stb_image_write.h>
#include <stb/stb_image.h>
