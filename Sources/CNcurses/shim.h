#ifndef COURIER_CNCURSES_SHIM_H
#define COURIER_CNCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Swift cannot import these macros and globals directly (see PLATFORM.md). */
static inline WINDOW *courier_stdscr(void) { return stdscr; }
static inline int courier_cols(void) { return COLS; }
static inline int courier_lines(void) { return LINES; }
static inline attr_t courier_a_bold(void) { return A_BOLD; }
static inline attr_t courier_a_reverse(void) { return A_REVERSE; }
static inline attr_t courier_a_dim(void) { return A_DIM; }
static inline attr_t courier_a_underline(void) { return A_UNDERLINE; }
static inline attr_t courier_color_pair(short n) { return COLOR_PAIR(n); }
static inline int courier_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
