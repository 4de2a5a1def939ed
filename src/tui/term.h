/* term: the terminal, and the only module with mutable globals.
 *
 * It owns curses start-up and shutdown, the mouse modes, the input wait
 * (blocking with a timeout, never a busy loop) and the signals: SIGINT,
 * SIGTERM and SIGHUP only set a flag the main loop checks; SIGWINCH arrives
 * as KEY_RESIZE; Ctrl-Z (SIGTSTP) gives the terminal back until SIGCONT,
 * then comes back as KEY_RESIZE; crash signals (SIGSEGV, SIGABRT, SIGBUS,
 * SIGFPE, SIGQUIT and every other signal whose default ends the process)
 * end the running demos' process groups (runner_kill_groups), restore the
 * terminal with write(2) and tcsetattr(3) only, then re-raise.  Every
 * exit path (return, exit, die, signal) leaves the terminal as it found it.
 * Drawing is not here: see ui.h. */
#ifndef CK_TERM_H
#define CK_TERM_H
#include <stdbool.h>
#include <stddef.h>
#include "keys.h"
#include "options.h"

/* True when the TUI can run here: stdin and stdout are terminals and TERM
 * names a terminal with cursor addressing.  Otherwise why gets one line. */
bool term_usable(char *why, size_t size);
/* Starts curses (after term_usable) with the mouse, colour and glyph
 * choices of opt.  False with why set on failure. */
bool term_start(const struct options *opt, char *why, size_t size);
/* What term_start decided: colours wanted and available; ASCII glyphs. */
bool term_color(void);
bool term_ascii(void);
/* Whether mouse reporting is on (not with --no-mouse or where unsupported). */
bool term_mouse(void);
/* Ends curses and restores the terminal; safe to call twice or before start. */
void term_stop(void);
/* Waits up to timeout_ms for one input event.  Returns false on timeout or
 * when a quit signal arrived (see term_quit_requested).  KEY_RESIZE comes
 * back as an event with is_key_code set. */
bool term_read(struct input *in, int timeout_ms);
/* True once SIGINT, SIGTERM or SIGHUP arrived. */
bool term_quit_requested(void);
/* Forces a full repaint on the next refresh (Ctrl-L). */
void term_redraw(void);
/* Ends curses first, then prints "cudakitchen: MSG" on stderr and exits 1. */
_Noreturn void die(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
#endif
