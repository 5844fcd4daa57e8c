// The native floor of `make bench` (issue 14): the demo's frames drawn by the
// smallest ncursesw program that can draw them, so that the demo's start,
// bytes and memory are measured against C on the same library in one run.
//
//   native_tabs FRAMES
//
// FRAMES holds the demo's frames for a key script, as `tabbar-demo --headless
// --no-animation --styles` prints them, one after another: the text layer
// (one line per row, trailing spaces left out), then the style layer (one
// letter per column). native_tabs draws frame 0, then the next frame at every
// key it reads (the last one stays), and quits on q. Each frame is written
// over the last in full; ncurses sends only what changed, as it does for the
// demo. Style letters become the closest attributes: S white on red, bold (a
// coloured background: the selected tab, row, badge), R reverse, B bold, C red
// (a coloured foreground), D dim, U underline, `.` plain.
//
// Built by Benchmarks/run.sh: cc -O2 -o … native_tabs.c -lncursesw
#define _GNU_SOURCE  // wcwidth, getline
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

struct run {
  attr_t attrs;
  short pair;
  int length;       // wide characters
  const wchar_t *text;
};

struct row {
  struct run *runs;
  int count;
};

static int rows_per_frame;
static int width;
static struct row *frames;  // rows_per_frame rows per frame
static int frame_count;

static void style_of(char letter, attr_t *attrs, short *pair) {
  *pair = 0;
  switch (letter) {
    case 'S': *attrs = A_BOLD; *pair = 1; break;
    case 'R': *attrs = A_REVERSE; break;
    case 'B': *attrs = A_BOLD; break;
    case 'C': *attrs = A_NORMAL; *pair = 2; break;
    case 'D': *attrs = A_DIM; break;
    case 'U': *attrs = A_UNDERLINE; break;
    default: *attrs = A_NORMAL; break;
  }
}

// One row from its text and style lines: runs of characters of one style,
// padded with spaces to the screen's width.
static struct row make_row(const char *text, const char *styles) {
  size_t n = strlen(text);
  wchar_t *wide = calloc(n + (size_t)width + 1, sizeof *wide);
  size_t count = mbstowcs(wide, text, n + 1);
  if (count == (size_t)-1) count = 0;
  struct row row = {calloc((size_t)width + 1, sizeof(struct run)), 0};
  wchar_t *chars = calloc((size_t)width * 2 + 1, sizeof *chars);
  int column = 0, out = 0;
  size_t i = 0;
  while (column < width) {
    wchar_t c = i < count ? wide[i++] : L' ';
    int w = wcwidth(c);
    if (w < 0) w = 1;
    if (w == 0 && out > 0) {  // a combining mark joins the run's last character
      chars[out++] = c;
      continue;
    }
    attr_t attrs;
    short pair;
    style_of(column < (int)strlen(styles) ? styles[column] : '.', &attrs, &pair);
    struct run *last = row.count ? &row.runs[row.count - 1] : NULL;
    if (!last || last->attrs != attrs || last->pair != pair) {
      last = &row.runs[row.count++];
      last->attrs = attrs;
      last->pair = pair;
      last->length = 0;
      last->text = chars + out;
    }
    chars[out++] = c;
    last->length++;
    column += w;
  }
  free(wide);
  return row;
}

static int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char **lines = NULL;
  size_t count = 0, capacity = 0;
  char *line = NULL;
  size_t size = 0;
  ssize_t got;
  while ((got = getline(&line, &size, f)) >= 0) {
    if (got > 0 && line[got - 1] == '\n') line[--got] = 0;
    if (count == capacity) lines = realloc(lines, (capacity = capacity * 2 + 64) * sizeof *lines);
    lines[count++] = strdup(line);
  }
  free(line);
  fclose(f);
  if (count == 0 || count % (size_t)(2 * rows_per_frame) != 0) return -1;
  frame_count = (int)(count / (size_t)(2 * rows_per_frame));
  frames = calloc(count / 2, sizeof *frames);
  for (int k = 0; k < frame_count; k++)
    for (int y = 0; y < rows_per_frame; y++) {
      char **frame = lines + (size_t)k * 2 * rows_per_frame;
      frames[k * rows_per_frame + y] = make_row(frame[y], frame[rows_per_frame + y]);
    }
  return 0;
}

static void draw(int k) {
  for (int y = 0; y < rows_per_frame; y++) {
    struct row *row = &frames[k * rows_per_frame + y];
    move(y, 0);
    for (int r = 0; r < row->count; r++) {
      attr_set(row->runs[r].attrs, row->runs[r].pair, NULL);
      addnwstr(row->runs[r].text, row->runs[r].length);
    }
  }
  refresh();
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: native_tabs FRAMES\n");
    return 2;
  }
  setlocale(LC_CTYPE, "");
  if (!getenv("ESCDELAY")) setenv("ESCDELAY", "5", 1);  // the demo's default
  initscr();
  rows_per_frame = LINES;
  width = COLS;
  if (load(argv[1]) != 0) {
    endwin();
    fprintf(stderr, "native_tabs: %s: not frames of %dx%d\n", argv[1], COLS, LINES);
    return 1;
  }
  raw();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  curs_set(0);
  leaveok(stdscr, TRUE);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_WHITE, COLOR_RED);
    init_pair(2, COLOR_RED, -1);
  }
  // ncurses 6 flushes at every cursor move until the screen has been through
  // endwin once; the demo does this round too, so a frame is one write.
  endwin();
  doupdate();
  int k = 0;
  draw(k);
  wint_t key;
  int got;
  while ((got = get_wch(&key)) != ERR) {
    if (got == OK && key == L'q') break;
    if (k + 1 < frame_count) draw(++k);
  }
  endwin();
  return 0;
}
