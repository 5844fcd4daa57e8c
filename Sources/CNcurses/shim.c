// Most of the shim is header-only (static inline functions in
// include/CNcurses.h); what keeps state between calls lives here, once.
#include "CNcurses.h"

#include <fcntl.h>
#include <string.h>
#include <termios.h>

static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes = 0;
static char restore_bytes[512];
static volatile sig_atomic_t restore_length = 0;

void cn_save_shell_modes(void) {
  if (tcgetattr(STDOUT_FILENO, &saved_modes) == 0) have_saved_modes = 1;
}

static void append(size_t *length, const char *text) {
  if (text == NULL || text == (char *)-1) return;
  size_t size = strlen(text);
  if (*length + size >= sizeof restore_bytes) return;
  memcpy(restore_bytes + *length, text, size);
  *length += size;
}

void cn_prepare_emergency_restore(int mouse, int paste) {
  size_t length = 0;
  append(&length, tigetstr("sgr0"));
  append(&length, tigetstr("rmkx"));
  append(&length, tigetstr("cnorm"));
  char *kmous = tigetstr("kmous");
  if (mouse && kmous != NULL && kmous != (char *)-1)
    append(&length, "\033[?1000l\033[?1002l\033[?1003l\033[?1006l");
  if (paste) append(&length, "\033[?2004l");
  append(&length, tigetstr("rmcup"));
  restore_length = (sig_atomic_t)length;
}

void cn_emergency_restore(void) {
  int fd = STDOUT_FILENO;
  tcflush(fd, TCOFLUSH);
  int flags = fcntl(fd, F_GETFL);
  if (flags != -1) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  if (restore_length > 0) {
    ssize_t written = write(fd, restore_bytes, (size_t)restore_length);
    (void)written;
  }
  if (flags != -1) fcntl(fd, F_SETFL, flags);
  if (have_saved_modes) tcsetattr(fd, TCSANOW, &saved_modes);
}
