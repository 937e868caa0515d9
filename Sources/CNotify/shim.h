// libnotify, the desktop's notifications.
#include <libnotify/notify.h>
