// libcanberra, the desktop's event sounds (the freedesktop sound theme's "complete").
#include <canberra.h>
