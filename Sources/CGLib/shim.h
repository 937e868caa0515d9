// GLib, for the desktop's own folders (g_get_user_special_dir).
#include <glib.h>
