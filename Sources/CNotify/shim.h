// libnotify, the desktop's notifications: the functions the app calls, declared here as
// libnotify 0.7 declares them, rather than through <libnotify/notify.h>, whose pkg-config flags
// (gdk-pixbuf's include paths and -pthread) SwiftPM refuses with a warning on every build. The
// library and GObject are linked by name (module.modulemap); GLib's types come from glib-2.0.
#include <glib.h>

typedef struct _NotifyNotification NotifyNotification;

gboolean notify_init(const char *app_name);
void notify_uninit(void);
gboolean notify_is_initted(void);
NotifyNotification *notify_notification_new(const char *summary, const char *body, const char *icon);
gboolean notify_notification_show(NotifyNotification *notification, GError **error);
void g_object_unref(gpointer object);
