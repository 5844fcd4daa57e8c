#ifndef CNCURSES_H
#define CNCURSES_H

// ncursesw with wide characters on. SwiftPM drops pkg-config's _XOPEN_SOURCE
// flag, so the wide-character API (cchar_t, setcchar, wget_wch) is switched on
// here explicitly.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <wchar.h>

// Macros and variadic functions Swift cannot see, as static inline shims.

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }

// COLOR_BLACK … COLOR_WHITE by ANSI index 0…7.
static inline short cn_ansi_color(int index) {
  static const short colors[8] = {COLOR_BLACK, COLOR_RED,     COLOR_GREEN, COLOR_YELLOW,
                                  COLOR_BLUE,  COLOR_MAGENTA, COLOR_CYAN,  COLOR_WHITE};
  return (index >= 0 && index < 8) ? colors[index] : -1;
}

static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }

static inline void cn_getmaxyx(WINDOW *win, int *y, int *x) {
  int yy, xx;
  getmaxyx(win, yy, xx);
  *y = yy;
  *x = xx;
}

// Mouse.
static inline mmask_t cn_mouse_mask(void) {
  return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
         | BUTTON5_PRESSED
#endif
      ;
}

// The terminal's size from the kernel (TIOCGWINSZ): 0 on success.
#include <sys/ioctl.h>
static inline int cn_winsize(int fd, int *rows, int *cols) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
  *rows = ws.ws_row;
  *cols = ws.ws_col;
  return 0;
}

// Bracketed paste mode on or off, written at once with write(2): safe in a
// signal handler, and not held back (putp goes through stdio here, whose
// buffer would reach the terminal only at exit).
static inline void cn_bracketed_paste(int on) {
  static const char enable[] = "\033[?2004h", disable[] = "\033[?2004l";
  ssize_t written = write(STDOUT_FILENO, on ? enable : disable, sizeof enable - 1);
  (void)written;
}

// The start-up queries, written at once with write(2): whether the terminal
// knows synchronized output (DECRQM for mode 2026, `CSI ? 2026 $ p`), its
// background colour (OSC 11, `OSC 11 ; ? ST`), the kitty keyboard protocol's
// flags (`CSI ? u`), all answered only by terminals that know them, then the
// primary device attributes (`CSI c`, answered by every terminal), so the
// last reply tells that the others will not come.
static inline void cn_query_keyboard_protocol(void) {
  static const char query[] = "\033[?2026$p\033]11;?\033\\\033[?u\033[c";
  ssize_t written = write(STDOUT_FILENO, query, sizeof query - 1);
  (void)written;
}

// cn_kitty_keyboard: pushes (1) the kitty keyboard protocol's "disambiguate"
// flag (`CSI > 1 u`) or pops it (0, `CSI < u`), written at once with write(2)
// and remembered, so that cn_emergency_restore pops it too. Async-signal-safe.
void cn_kitty_keyboard(int push);

// Synchronized output (DEC private mode 2026), for a terminal that reported
// it: cn_begin_synchronized_update writes `CSI ? 2026 h` at once with write(2)
// before doupdate (ncurses' own buffer is empty then: doupdate flushes it;
// putp would go through stdio, see cn_bracketed_paste), and
// cn_end_synchronized_update `CSI ? 2026 l` after it; cn_emergency_restore
// writes the end too when a crash comes between the two. The terminal shows
// the frame whole, at the end.
void cn_begin_synchronized_update(void);
void cn_end_synchronized_update(void);

// Hyperlinks (OSC 8) written around ncurses' output, which knows nothing of
// them. After doupdate (which leaves the terminal's attributes normal), the
// linked cells are written again inside `OSC 8 ; ; URL ST` and
// `OSC 8 ; ; ST`: cn_link_begin starts a batch with DECSC (the cursor
// saved), cn_link_bytes adds raw bytes (a cursor move, the OSC, a cell's
// UTF-8), cn_link_attributes the attributes and colour pair as ncurses
// itself writes them (vid_puts), and cn_link_end puts the attributes back to
// normal, adds DECRC (the cursor back where ncurses believes it is) and
// writes the whole batch at once with write(2).
void cn_link_begin(void);
void cn_link_bytes(const char *bytes, size_t length);
void cn_link_attributes(attr_t attrs, int pair);
void cn_link_end(void);

// newterm on the process's own stdout and stdin (Swift 6 cannot touch those
// globals). It returns NULL, without printing or exiting, for an unknown TERM.
static inline SCREEN *cn_newterm(void) { return newterm(NULL, stdout, stdin); }

// Whether the current terminal can move the cursor (terminfo `cup`): a
// terminal without it (dumb, a printing terminal) cannot show a screen.
static inline int cn_can_address_cursor(void) {
  char *cup = tigetstr("cup");
  return cup != NULL && cup != (char *)-1;
}

// The last way out, from a signal handler when the normal restore cannot run
// (the terminal stopped reading, so every write blocks). Defined in shim.c.
//
// cn_save_shell_modes: keeps the terminal modes of now (call before newterm).
// cn_prepare_emergency_restore: after newterm, builds the bytes that undo what
//   the program turned on (alternate screen, hidden cursor, keypad, colours,
//   mouse reporting when `mouse`, bracketed paste when `paste`).
// cn_emergency_restore: async-signal-safe: drops the output the terminal has
//   not taken, writes those bytes without blocking, and puts the saved modes
//   back.
void cn_save_shell_modes(void);
// Ctrl-L: puts the terminal back in the app's modes, whatever another
// program wrote to it, in one write(2): attributes reset (sgr0), the
// alternate screen (smcup), the cursor shown (cnorm) or hidden (civis) as
// `shows_cursor` says, bracketed paste when `paste`, and the kitty
// keyboard flags set to "disambiguate" (`CSI = 1 ; 1 u`, which sets them
// without pushing) when `kitty`. Mouse reporting is ncurses' (mousemask).
void cn_reassert_modes(int paste, int kitty, int shows_cursor);
void cn_prepare_emergency_restore(int mouse, int paste);
void cn_emergency_restore(void);
// After a crash's restore: one line on stderr, "<program>: crashed (SIGILL: a
// Swift runtime error); the terminal was restored". Async-signal-safe.
void cn_crash_note(int sig);

// Quitting's restore in one write(2): cn_begin_restore_capture points the
// process's stdout at a pipe (1; 0 when it cannot, and nothing changed), so
// that what ncurses and the shim write to leave (bracketed paste, the kitty
// keyboard flags, mouse reporting, the cursor, endwin's rmcup) collects
// there; cn_end_restore_capture points stdout back at the terminal, writes
// what collected at once, and puts back the terminal modes saved by
// cn_save_shell_modes (endwin's own reset went to the pipe and failed).
int cn_begin_restore_capture(void);
void cn_end_restore_capture(void);

// Whether `sig` is ignored (SIG_IGN) now.
static inline int cn_signal_ignored(int sig) {
  struct sigaction current;
  if (sigaction(sig, NULL, &current) != 0) return 1;
  return current.sa_handler == SIG_IGN;
}

// Catches `sig` with `handler` (NULL: the default action), with no signal
// masked and without SA_RESTART, so a blocked read or write returns EINTR.
// In C because `struct sigaction` differs between libcs. Async-signal-safe.
static inline int cn_set_signal_handler(int sig, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler ? handler : SIG_DFL;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(sig, &action, NULL);
}

// Whether the current terminal's terminfo entry has the string capability
// `name` (extended names such as BE included).
static inline int cn_has_string_cap(const char *name) {
  char *value = tigetstr(name);
  return value != NULL && value != (char *)-1;
}

// The real-time signals' range (macros that call into glibc); an empty
// range where there are none (macOS).
#ifdef SIGRTMIN
static inline int cn_sigrtmin(void) { return SIGRTMIN; }
static inline int cn_sigrtmax(void) { return SIGRTMAX; }
#else
static inline int cn_sigrtmin(void) { return 1; }
static inline int cn_sigrtmax(void) { return 0; }
#endif


// Colours past the eight.

// newterm for the terminfo entry `type` (NULL: TERM's) on the process's own
// stdout and stdin; NULL, without printing or exiting, for an unknown type.
static inline SCREEN *cn_newterm_type(const char *type) { return newterm(type, stdout, stdin); }

// Looks up the terminfo entry `name` without starting a screen (nothing is
// written): 1 when it exists, with its `colors` (-1 for none) and whether it
// has direct colour (the RGB capability, or 2^24 colours or more).
static inline int cn_probe_terminfo(const char *name, int *colors, int *direct) {
  TERMINAL *saved = cur_term;
  int err = 0;
  if (setupterm(name, STDOUT_FILENO, &err) != OK) {
    set_curterm(saved);
    return 0;
  }
  TERMINAL *probed = cur_term;
  *colors = tigetnum("colors");
  *direct = tigetflag("RGB") > 0 || tigetnum("RGB") > 0 || *colors >= 0x1000000;
  set_curterm(saved);
  del_curterm(probed);
  return 1;
}

// The running screen's colours (COLORS) and whether they are direct colour:
// numbers 0xRRGGBB, as terminfo's RGB capability says.
static inline int cn_colors(void) { return COLORS; }
static inline int cn_direct_color(void) {
  return tigetflag("RGB") > 0 || tigetnum("RGB") > 0 || COLORS >= 0x1000000;
}

// init_pair with int colours and pair numbers (ncurses 6.1+), for the 256
// colours, direct colour and more than 32767 pairs.
static inline int cn_init_pair(int pair, int fg, int bg) {
#if defined(NCURSES_EXT_COLORS) && NCURSES_VERSION_MAJOR >= 6
  return init_extended_pair(pair, fg, bg);
#else
  if (pair > 32767 || fg > 32767 || bg > 32767) return ERR;
  return init_pair((short)pair, (short)fg, (short)bg);
#endif
}

// The largest pair number cn_init_pair takes plus one.
static inline int cn_pair_limit(void) {
#if defined(NCURSES_EXT_COLORS) && NCURSES_VERSION_MAJOR >= 6
  return COLOR_PAIRS;
#else
  return COLOR_PAIRS > 32767 ? 32767 : COLOR_PAIRS;
#endif
}

// A cell from `length` wide characters, its attributes and a colour pair:
// a spacing character and the ones drawn in the same cell (combining marks,
// ZWJ, variation selectors, an emoji a ZWJ joins). ncurses counts the cell as
// wide as the first one. setcchar keeps only non-spacing characters after the
// first, so the others are stored in the cchar_t directly; ncurses writes
// them all. It has room for CCHARW_MAX (5): the rest are dropped, and so is
// a ZWJ left last, lest the terminal join the next cell's character to it.
// The pair is an int (ncurses 6.1+ takes it through setcchar's opts, so more
// than 32767 pairs work).
static inline int cn_put_cell_pair(WINDOW *win, int y, int x, const wchar_t *text, int length,
                                   attr_t attrs, int pair) {
  cchar_t cc;
  wchar_t first[2] = {length > 0 ? text[0] : L' ', 0};
#if defined(NCURSES_EXT_COLORS) && NCURSES_VERSION_MAJOR >= 6
  if (setcchar(&cc, first, attrs, 0, &pair) == ERR) return ERR;
#else
  if (setcchar(&cc, first, attrs, (short)pair, NULL) == ERR) return ERR;
#endif
  if (length > CCHARW_MAX) length = CCHARW_MAX;
  while (length > 1 && text[length - 1] == 0x200D) length--;
  for (int i = 1; i < length; i++) cc.chars[i] = text[i];
  return mvwadd_wch(win, y, x, &cc);
}

// The main queue (where the main actor's work runs) served by our own input
// loop instead of dispatch_main(): libdispatch's hooks for a run loop, the
// ones Foundation's RunLoop uses on Linux. The port is an eventfd that is
// readable while work waits on the main queue; the callback runs that work
// on the calling (main) thread.
#if defined(__linux__)
extern int _dispatch_get_main_queue_port_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
static inline int cn_main_queue_fd(void) { return _dispatch_get_main_queue_port_4CF(); }
static inline void cn_main_queue_drain(void) {
  uint64_t count;
  // Reset the eventfd first: work queued while the queue drains pokes it again.
  (void)read(_dispatch_get_main_queue_port_4CF(), &count, sizeof count);
  _dispatch_main_queue_callback_4CF(NULL);
}
#else
// Elsewhere (macOS) the main queue's port is a Mach port poll cannot watch.
static inline int cn_main_queue_fd(void) { return -1; }
static inline void cn_main_queue_drain(void) {}
#endif

#endif
