/* drill_edit: the drill screen's `e`: the learner's copy in $VISUAL, else
 * $EDITOR, else vi where installed (words split on blanks, no shell), with
 * the TUI suspended (def_prog_mode, endwin, the editor in the
 * foreground, then refresh).  Ctrl-C and Ctrl-\ are the editor's while
 * it runs: ignored here meanwhile, as system(3) and git do, so a key
 * meant for the editor never quits the tutorial. */
#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "drill_edit.h"
#include "i18n.h"

/* the editor's words (no shell): $VISUAL, $EDITOR, or vi when on PATH */
static bool editor_argv(char *buf, size_t size, char **argv, int max)
{
	const char *e = getenv("VISUAL");
	if (!e || !*e)
		e = getenv("EDITOR");
	if ((!e || !*e) && (access("/usr/bin/vi", X_OK) == 0 || access("/bin/vi", X_OK) == 0))
		e = "vi";
	if (!e || !*e)
		return false;
	snprintf(buf, size, "%s", e);
	int n = 0;
	for (char *save = NULL, *w = strtok_r(buf, " \t", &save); w && n < max - 2;
	     w = strtok_r(NULL, " \t", &save))
		argv[n++] = w;
	argv[n] = NULL;
	return n > 0;
}

/* the file's mtime and size, to tell whether the editor saved it */
static long long stamp(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec + st.st_size;
}

/* runs argv in the foreground with the TUI suspended; its wait status */
static int run_editor(char **argv)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_quit;
	sigemptyset(&ign.sa_mask);
	def_prog_mode();
	endwin();
	pid_t pid = fork();
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	int status = 0;
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	reset_prog_mode();
	clearok(stdscr, TRUE);
	refresh();
	return pid < 0 ? -1 : status;
}

void drill_edit(const char *path, char *status, size_t size)
{
	char buf[1024], *argv[16];
	if (!editor_argv(buf, sizeof buf, argv, 14)) {
		snprintf(status, size, tr(MSG_DR_NO_EDITOR), path);
		return;
	}
	int n = 0;
	while (argv[n])
		n++;
	argv[n] = (char *)path, argv[n + 1] = NULL;
	long long before = stamp(path);
	int st = run_editor(argv);
	if (st < 0 || (WIFEXITED(st) && WEXITSTATUS(st) == 127))
		snprintf(status, size, tr(MSG_DR_EDITOR_FAILED), argv[0], path);
	else
		snprintf(status, size, "%s", tr(stamp(path) != before ? MSG_DR_EDITED : MSG_DR_UNCHANGED));
}

