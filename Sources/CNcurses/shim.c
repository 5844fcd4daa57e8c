// Most of the shim is header-only (static inline functions in
// include/CNcurses.h); what keeps state between calls lives here, once.
#define _GNU_SOURCE  // program_invocation_short_name
#include <errno.h>

#include "CNcurses.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>

static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes = 0;
static char restore_bytes[512];
static volatile sig_atomic_t restore_length = 0;
// Where rmcup starts in restore_bytes: the kitty keyboard flags are kept per
// screen, so they are popped while the alternate screen is still shown.
static volatile sig_atomic_t restore_screen_offset = 0;
static volatile sig_atomic_t kitty_keyboard_pushed = 0;
static const char kitty_push[] = "\033[>1u", kitty_pop[] = "\033[<u";

void cn_kitty_keyboard(int push) {
  const char *bytes = push ? kitty_push : kitty_pop;
  size_t size = push ? sizeof kitty_push - 1 : sizeof kitty_pop - 1;
  kitty_keyboard_pushed = push ? 1 : 0;
  ssize_t written = write(STDOUT_FILENO, bytes, size);
  (void)written;
}

static volatile sig_atomic_t synchronized_update_open = 0;
static const char synchronized_begin[] = "\033[?2026h", synchronized_end[] = "\033[?2026l";

void cn_begin_synchronized_update(void) {
  synchronized_update_open = 1;
  ssize_t written = write(STDOUT_FILENO, synchronized_begin, sizeof synchronized_begin - 1);
  (void)written;
}

void cn_end_synchronized_update(void) {
  ssize_t written = write(STDOUT_FILENO, synchronized_end, sizeof synchronized_end - 1);
  (void)written;
  synchronized_update_open = 0;
}

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
  restore_screen_offset = (sig_atomic_t)length;
  append(&length, tigetstr("rmcup"));
  restore_length = (sig_atomic_t)length;
}

void cn_reassert_modes(int paste, int kitty, int shows_cursor) {
  char bytes[256];
  size_t length = 0;
  const char *parts[] = {
      tigetstr("sgr0"), tigetstr("smcup"), tigetstr(shows_cursor ? "cnorm" : "civis"),
      paste ? "\033[?2004h" : NULL, kitty ? "\033[=1;1u" : NULL};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    const char *text = parts[i];
    if (text == NULL || text == (char *)-1) continue;
    size_t size = strlen(text);
    if (length + size >= sizeof bytes) continue;
    memcpy(bytes + length, text, size);
    length += size;
  }
  ssize_t written = write(STDOUT_FILENO, bytes, length);
  (void)written;
}

// The restore's output, caught in a pipe while ncurses and the shim write
// it piece by piece, then written to the terminal at once (see
// cn_begin_restore_capture in CNcurses.h). The terminal's descriptor is
// kept for a signal that comes meanwhile.
static volatile sig_atomic_t capture_saved_fd = -1;
static int capture_read_fd = -1;

void cn_emergency_restore(void) {
  int fd = STDOUT_FILENO;
  // A signal during quitting's capture: stdout is the pipe, and what is
  // written there would never reach the terminal. Back to the terminal
  // first (dup2 is async-signal-safe; after the capture ends it is again
  // stdout, or already closed and refused).
  int captured = capture_saved_fd;
  if (captured >= 0) dup2(captured, fd);
  tcflush(fd, TCOFLUSH);
  int flags = fcntl(fd, F_GETFL);
  if (flags != -1) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  if (synchronized_update_open) {
    synchronized_update_open = 0;
    ssize_t written = write(fd, synchronized_end, sizeof synchronized_end - 1);
    (void)written;
  }
  if (restore_length > 0) {
    size_t offset = (size_t)restore_screen_offset;
    ssize_t written = write(fd, restore_bytes, offset);
    if (kitty_keyboard_pushed) {
      kitty_keyboard_pushed = 0;
      written = write(fd, kitty_pop, sizeof kitty_pop - 1);
    }
    written = write(fd, restore_bytes + offset, (size_t)restore_length - offset);
    (void)written;
  }
  if (flags != -1) fcntl(fd, F_SETFL, flags);
  if (have_saved_modes) tcsetattr(fd, TCSANOW, &saved_modes);
}

static void put(const char *text) {
  ssize_t written = write(STDERR_FILENO, text, strlen(text));
  (void)written;
}

void cn_crash_note(int sig) {
  const char *name = "a signal", *what = "a crash";
  switch (sig) {
    case SIGILL: name = "SIGILL"; what = "a Swift runtime error"; break;
    case SIGTRAP: name = "SIGTRAP"; what = "a Swift runtime error"; break;
    case SIGSEGV: name = "SIGSEGV"; what = "a bad memory access"; break;
    case SIGBUS: name = "SIGBUS"; what = "a bad memory access"; break;
    case SIGFPE: name = "SIGFPE"; what = "an arithmetic error"; break;
    case SIGABRT: name = "SIGABRT"; what = "aborted"; break;
    case SIGSYS: name = "SIGSYS"; what = "a bad system call"; break;
    case SIGXFSZ: name = "SIGXFSZ"; what = "the file size limit"; break;
    case SIGPIPE: name = "SIGPIPE"; what = "a broken pipe"; break;
  }
  put("\r\n");
  put(program_invocation_short_name);
  put(": crashed (");
  put(name);
  put(": ");
  put(what);
  put("); the terminal was restored\n");
}

int cn_begin_restore_capture(void) {
  int ends[2];
  fflush(stdout);
  if (pipe(ends) != 0) return 0;
  int saved = dup(STDOUT_FILENO);
  if (saved < 0 || dup2(ends[1], STDOUT_FILENO) < 0) {
    if (saved >= 0) close(saved);
    close(ends[0]);
    close(ends[1]);
    return 0;
  }
  close(ends[1]);
  int flags = fcntl(ends[0], F_GETFL);
  if (flags != -1) fcntl(ends[0], F_SETFL, flags | O_NONBLOCK);
  capture_saved_fd = saved;
  capture_read_fd = ends[0];
  return 1;
}

void cn_end_restore_capture(void) {
  int saved = capture_saved_fd;
  if (saved < 0) return;
  fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  capture_saved_fd = -1;
  close(saved);
  char bytes[16384];
  size_t length = 0;
  for (;;) {
    ssize_t count = read(capture_read_fd, bytes + length, sizeof bytes - length);
    if (count > 0) length += (size_t)count;
    if (count <= 0 || length == sizeof bytes) {
      size_t done = 0;
      while (done < length) {
        ssize_t written = write(STDOUT_FILENO, bytes + done, length - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) break;
        done += (size_t)written;
      }
      length = 0;
      if (count <= 0) break;
    }
  }
  close(capture_read_fd);
  capture_read_fd = -1;
  if (have_saved_modes) tcsetattr(STDOUT_FILENO, TCSADRAIN, &saved_modes);
}

static char *link_batch = NULL;
static size_t link_length = 0, link_capacity = 0;

void cn_link_bytes(const char *bytes, size_t length) {
  if (link_length + length > link_capacity) {
    size_t capacity = link_capacity ? link_capacity : 1024;
    while (capacity < link_length + length) capacity *= 2;
    char *grown = realloc(link_batch, capacity);
    if (grown == NULL) return;  // the batch loses these bytes, never memory
    link_batch = grown;
    link_capacity = capacity;
  }
  memcpy(link_batch + link_length, bytes, length);
  link_length += length;
}

static int link_putc(int c) {
  char byte = (char)c;
  cn_link_bytes(&byte, 1);
  return c;
}

void cn_link_begin(void) {
  link_length = 0;
  cn_link_bytes("\0337", 2);
}

void cn_link_attributes(attr_t attrs, int pair) {
  // The extended pair goes through opts, as ncurses 6 reads it there.
  vid_puts(attrs, (short)(pair > 0x7FFF ? 0 : pair), &pair, link_putc);
}

void cn_link_end(void) {
  int normal = 0;
  vid_puts(A_NORMAL, 0, &normal, link_putc);
  cn_link_bytes("\0338", 2);
  size_t done = 0;
  while (done < link_length) {
    ssize_t written = write(STDOUT_FILENO, link_batch + done, link_length - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) break;
    done += (size_t)written;
  }
  link_length = 0;
}
