/* term: curses start-up and shutdown, input with a timeout, mouse modes and
 * signals.  This is the one module with mutable globals, because signal
 * handlers and atexit() can reach nothing else.  It is deliberately small:
 * no drawing (ui.c), no key meanings (keys.c), no screens (app.c). */
/* runner.h first: terminfo's <term.h> defines "lines" as a macro */
#include "runner.h"
#include <curses.h>
#include <term.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "term.h"

/* Written by the restore paths below; the crash handler reads them. */
static volatile sig_atomic_t g_quit;     /* a quit signal arrived */
static volatile sig_atomic_t g_active;   /* curses is on */
static volatile sig_atomic_t g_mouse_on; /* our mouse modes are on */
static volatile sig_atomic_t g_saved_ok; /* g_saved holds the cooked modes */
static volatile sig_atomic_t g_mouse_sgr; /* ... in SGR encoding */
static volatile sig_atomic_t g_resumed;  /* back from a suspend: repaint */
static struct termios g_saved;
static SCREEN *g_screen;
static bool g_atexit_done;
static bool g_color, g_ascii;            /* chosen once in term_start */
static char g_altstack[1 << 16];         /* so a stack overflow can still restore */

static const char MOUSE_ON[] = "\033[?1002h";
static const char MOUSE_SGR_ON[] = "\033[?1006h";
static const char MOUSE_OFF[] = "\033[?1006l\033[?1002l\033[?1000l";
/* mouse off, keypad transmit off (curses' keypad() turned it on), main
 * screen, cursor visible, attributes reset */
static const char RESTORE[] = "\033[?1006l\033[?1002l\033[?1000l\033[?1l\033>\033[?1049l\033[?25h\033[0m";

static void write_all(const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(STDOUT_FILENO, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Async-signal-safe: kill(2), write(2), tcsetattr(3), signal(2), raise(3)
 * only.  A demo running in its own process group would not get the signal
 * (nor Ctrl-\): its group is ended first, so it never outlives us. */
static void on_crash(int sig)
{
	int saved_errno = errno;
	runner_kill_groups();
	if (g_active) {
		write_all(RESTORE, sizeof RESTORE - 1);
		if (g_saved_ok)
			tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
	}
	errno = saved_errno;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Ctrl-Z: hand the terminal back as a crash would, stop, and on SIGCONT
 * take it again (the main loop repaints).  Async-signal-safe throughout:
 * write(2), tcgetattr/tcsetattr, sigaction, raise. */
static void on_tstp(int sig)
{
	static const char again[] = "\033[?1049h\033[?25l";
	int saved_errno = errno;
	struct termios cur;
	bool have = tcgetattr(STDIN_FILENO, &cur) == 0;
	if (g_active) {
		write_all(RESTORE, sizeof RESTORE - 1);
		if (g_saved_ok)
			tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
	}
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, &old);
	raise(sig);                  /* stops here until SIGCONT */
	sigaction(sig, &old, NULL);
	if (g_active) {
		if (have)
			tcsetattr(STDIN_FILENO, TCSANOW, &cur);
		write_all(again, sizeof again - 1);
		if (g_mouse_on)
			write_all(MOUSE_ON, sizeof MOUSE_ON - 1);
		if (g_mouse_sgr)
			write_all(MOUSE_SGR_ON, sizeof MOUSE_SGR_ON - 1);
		g_resumed = 1;
	}
	errno = saved_errno;
}

static void on_quit(int sig)
{
	(void)sig;
	g_quit = 1;
}

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };
/* Every other signal whose default action ends the process: the terminal
 * is restored first, then the signal is raised again with that default
 * action (so the exit status, and a core dump where one is due, stay the
 * signal's).  Ctrl-\ (SIGQUIT) included; SIGPIPE too (a write to a closed
 * pipe): the reset sequence then goes nowhere, the tty modes still come
 * back. */
static const int crash_signals[] = {
	SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGQUIT, SIGILL, SIGTRAP, SIGSYS,
	SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPIPE,
#ifdef SIGPOLL
	SIGPOLL,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};
#define NELEM(a) (sizeof (a) / sizeof *(a))

static void install_handlers(void)
{
	stack_t ss = { .ss_sp = g_altstack, .ss_size = sizeof g_altstack };
	sigaltstack(&ss, NULL);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit;          /* no SA_RESTART: the wait returns early */
	for (size_t i = 0; i < NELEM(quit_signals); i++)
		sigaction(quit_signals[i], &sa, NULL);
	sa.sa_handler = on_tstp;          /* SA_NODEFER: the raise inside must stop us */
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGTSTP, &sa, NULL);
	sa.sa_handler = on_crash;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
	for (size_t i = 0; i < NELEM(crash_signals); i++)
		sigaction(crash_signals[i], &sa, NULL);
}

static void default_handlers(void)
{
	for (size_t i = 0; i < NELEM(quit_signals); i++)
		signal(quit_signals[i], SIG_DFL);
	for (size_t i = 0; i < NELEM(crash_signals); i++)
		signal(crash_signals[i], SIG_DFL);
	signal(SIGTSTP, SIG_DFL);
}

bool term_usable(char *why, size_t size)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(why, size, "standard input and output must be a terminal");
		return false;
	}
	const char *t = getenv("TERM");
	if (!t || !*t) {
		snprintf(why, size, "TERM is not set");
		return false;
	}
	if (!strcmp(t, "dumb")) {
		snprintf(why, size, "TERM=dumb cannot move the cursor");
		return false;
	}
	int err = 0;
	if (setupterm(t, STDOUT_FILENO, &err) != OK) {
		snprintf(why, size, "unknown terminal type (TERM=%.64s)", t);
		return false;
	}
	const char *cup = tigetstr("cup");
	bool ok = cup && cup != (char *)-1;
	del_curterm(cur_term);
	if (!ok)
		snprintf(why, size, "terminal (TERM=%.64s) lacks cursor addressing", t);
	return ok;
}

/* On the Linux console ncurses reads the mouse through libgpm, which it
 * dlopen()s in mousemask() and dlclose()s when the mouse is turned off.
 * libgpm keeps the console's name in a static pointer it never frees, so
 * once it is unmapped those bytes are a leak (10 bytes, "/dev/tty0" or
 * "/dev/vc/0", in a sanitizer build).  Opening it first with RTLD_NODELETE
 * keeps it mapped to the end: the pointer stays reachable.  Where there is
 * no libgpm, ncurses finds none either. */
static void gpm_keep(void)
{
	const char *t = getenv("TERM");
	if (t && strstr(t, "linux"))   /* ncurses' own test for GPM */
		dlopen("libgpm.so.2", RTLD_LAZY | RTLD_NODELETE);
}

/* Button-event tracking (drags) on top of what ncurses enabled, in SGR
 * encoding when the terminfo entry says ncurses parses it (kmous=\E[<). */
static void mouse_start(void)
{
	gpm_keep();
	if (mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL) == 0)
		return;
	mouseinterval(0);
	const char *km = tigetstr("kmous");
	bool sgr = km && km != (char *)-1 && !strcmp(km, "\033[<");
	fflush(stdout);
	write_all(MOUSE_ON, sizeof MOUSE_ON - 1);
	if (sgr)
		write_all(MOUSE_SGR_ON, sizeof MOUSE_SGR_ON - 1);
	g_mouse_sgr = sgr;
	g_mouse_on = 1;
}

bool term_start(const struct options *opt, char *why, size_t size)
{
	if (tcgetattr(STDIN_FILENO, &g_saved) == 0)
		g_saved_ok = 1;
	if (!g_atexit_done) {
		atexit(term_stop);
		g_atexit_done = true;
	}
	install_handlers();
	g_screen = newterm(NULL, stdout, stdin);
	if (!g_screen) {
		default_handlers();
		snprintf(why, size, "cannot initialise the terminal");
		return false;
	}
	g_active = 1;
	set_term(g_screen);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	g_color = opt->color && has_colors();
	g_ascii = opt->ascii;
	if (opt->mouse)
		mouse_start();
	return true;
}

void term_stop(void)
{
	if (!g_active)
		return;
	if (g_mouse_on) {
		mousemask(0, NULL);
		fflush(stdout);
		write_all(MOUSE_OFF, sizeof MOUSE_OFF - 1);
		g_mouse_on = 0;
		g_mouse_sgr = 0;
	}
	curs_set(1);
	endwin();
	g_active = 0;
	delscreen(g_screen);
	g_screen = NULL;
	default_handlers();
	if (g_saved_ok)
		tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
}

/* The terminal's report is input like any other: a row or column outside
 * the screen (a crafted `ESC[<0;5;2147483647M`) is dropped here, so every
 * coordinate a screen sees lies in 0..LINES-1, 0..COLS-1 and arithmetic
 * on it cannot overflow. */
static void read_mouse(struct input *in)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return;
	if (ev.y < 0 || ev.y >= LINES || ev.x < 0 || ev.x >= COLS)
		return;
	in->my = ev.y;
	in->mx = ev.x;
	if (ev.bstate & BUTTON4_PRESSED) {
		in->mouse = MOUSE_WHEEL_UP;
		in->cmd = CMD_UP;
	} else if (ev.bstate & BUTTON5_PRESSED) {
		in->mouse = MOUSE_WHEEL_DOWN;
		in->cmd = CMD_DOWN;
	} else if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
		in->mouse = MOUSE_PRESS;
	} else if (ev.bstate & BUTTON1_RELEASED) {
		in->mouse = MOUSE_RELEASE;
	} else if (ev.bstate & REPORT_MOUSE_POSITION) {
		in->mouse = MOUSE_DRAG;
	}
}

/* A key sequence curses did not know (its terminal description says one
 * thing, the terminal sends another: tmux sends Home as ESC [ 1 ~ whatever
 * TERM says). Curses hands it over as ESC and then its bytes; read after an
 * ESC, they would leave the screen (Esc is back) and then act as keys. So
 * right after an ESC, a '[' or 'O' and what follows at once are read as one
 * CSI or SS3 sequence: the common editing keys become their key codes,
 * anything else is dropped. Returns the key code, 0 to drop, -1 if no
 * sequence follows (a lone Esc). */
static int read_sequence(void)
{
	wint_t c = 0;
	wtimeout(stdscr, 0);
	int r = wget_wch(stdscr, &c);
	if (r == ERR)
		return -1;
	if (r != OK || (c != '[' && c != 'O')) { /* Esc, then a key of its own */
		if (r == KEY_CODE_YES)
			ungetch((int)c);
		else
			unget_wch((wchar_t)c);
		return -1;
	}
	char seq[16];
	size_t n = 0;
	for (;;) {   /* parameters and intermediates, then one final byte */
		r = wget_wch(stdscr, &c);
		if (r != OK)
			return 0;
		if (n + 1 < sizeof seq)
			seq[n++] = (char)(c < 0x80 ? c : '?');
		if (c >= 0x40 && c <= 0x7e)
			break;
		if (c < 0x20 || c > 0x3f)
			return 0;
	}
	seq[n] = '\0';
	static const struct { const char *seq; int key; } known[] = {
		{ "1~", KEY_HOME }, { "7~", KEY_HOME }, { "H", KEY_HOME },
		{ "4~", KEY_END }, { "8~", KEY_END }, { "F", KEY_END },
		{ "5~", KEY_PPAGE }, { "6~", KEY_NPAGE }, { "3~", KEY_DC },
		{ "A", KEY_UP }, { "B", KEY_DOWN }, { "C", KEY_RIGHT }, { "D", KEY_LEFT },
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (!strcmp(seq, known[i].seq))
			return known[i].key;
	return 0;
}

bool term_read(struct input *in, int timeout_ms)
{
	memset(in, 0, sizeof *in);
	if (g_quit || !g_active)
		return false;
	if (g_resumed) {             /* the screen was given away: repaint all */
		g_resumed = 0;
		clearok(curscr, TRUE);
		in->key = KEY_RESIZE;
		in->is_key_code = true;
		return true;
	}
	wint_t wc = 0;
	wtimeout(stdscr, timeout_ms);
	int r = wget_wch(stdscr, &wc);
	if (r == ERR)
		return false;
	if (r == OK && wc == 27) {
		int k = read_sequence();
		if (k == 0)
			return false;
		if (k > 0)
			wc = (wint_t)k, r = KEY_CODE_YES;
	}
	in->key = (int)wc;
	in->is_key_code = r == KEY_CODE_YES;
	if (in->is_key_code && in->key == KEY_MOUSE)
		read_mouse(in);
	else
		in->cmd = keys_cmd(in->key, in->is_key_code);
	return true;
}

bool term_color(void)
{
	return g_color;
}

bool term_ascii(void)
{
	return g_ascii;
}

bool term_mouse(void)
{
	return g_mouse_on != 0;
}

bool term_quit_requested(void)
{
	return g_quit != 0;
}

void term_redraw(void)
{
	if (g_active)
		clearok(curscr, TRUE);
}

void die(const char *fmt, ...)
{
	runner_kill_groups();
	term_stop();
	va_list ap;
	va_start(ap, fmt);
	fputs("cudakitchen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}
