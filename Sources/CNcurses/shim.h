#ifndef COURIER_CNCURSES_SHIM_H
#define COURIER_CNCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Swift cannot import these macros and globals directly (see PLATFORM.md). */
static inline WINDOW *courier_stdscr(void) { return stdscr; }
static inline int courier_cols(void) { return COLS; }
static inline int courier_lines(void) { return LINES; }
static inline int courier_colors(void) { return COLORS; }
static inline attr_t courier_a_bold(void) { return A_BOLD; }
static inline attr_t courier_a_reverse(void) { return A_REVERSE; }
static inline attr_t courier_a_dim(void) { return A_DIM; }
static inline attr_t courier_a_underline(void) { return A_UNDERLINE; }
static inline attr_t courier_color_pair(short n) { return COLOR_PAIR(n); }

/* The mouse: a button press and the wheel, reported at once (no click interval), in xterm's
   mode as the terminal's entry says (tmux and xterm: SGR 1006 where known). */
static inline void courier_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);
    /* Button-event tracking: moves while a button is down are reported (dragging a pane's
       border), plain moves are not. ncurses itself only asks for clicks. */
    fputs("\033[?1002h", stdout);
    fflush(stdout);
}
static inline void courier_disable_mouse(void) {
    fputs("\033[?1002l", stdout);
    fflush(stdout);
}
/* The mouse event waiting after KEY_MOUSE: 1 press, 2 release, 3 move with the button down,
   4 wheel up, 5 wheel down, 0 other, -1 none. */
static inline int courier_mouse_event(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    /* First: ncurses may report a move with the button down as a press too. */
    if (event.bstate & REPORT_MOUSE_POSITION) return 3;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON1_RELEASED) return 2;
    if (event.bstate & BUTTON4_PRESSED) return 4;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 5;
#endif
    return 0;
}

/* Resize notification without polling: SIGWINCH writes one byte to a pipe that the input
   thread poll()s together with stdin. Installed before initscr() so ncurses leaves
   SIGWINCH to us; the runtime then calls resizeterm() itself. Async-signal-safe. */
static int courier_winch_fd = -1;
static void courier_winch_handler(int signal_number) {
    (void)signal_number;
    if (courier_winch_fd >= 0) {
        char byte = 1;
        ssize_t ignored = write(courier_winch_fd, &byte, 1);
        (void)ignored;
    }
}
static inline int courier_watch_resize(int fd) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = courier_winch_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    courier_winch_fd = fd;
    return sigaction(SIGWINCH, &action, NULL);
}

/* Current terminal size from the kernel, for resizeterm() after SIGWINCH. */
static inline int courier_terminal_size(int *rows, int *cols) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}
#endif
