/* cli: the plain commands main dispatches to.  Each returns the process
 * exit status (0 ok, 1 a failed check, 2 usage) and prints its own
 * messages; none needs a terminal (the TUI's cmd_tui is in src/tui/app.h). */
#ifndef CK_CLI_H
#define CK_CLI_H
#include "options.h"

int cmd_lint(const struct options *opt, int argc, char **argv);         /* cmd_lint.c */
int cmd_demo(const struct options *opt, int argc, char **argv);         /* cmd_demo.c */
int cmd_cert(const struct options *opt, int argc, char **argv);         /* cmd_cert.c */
int cmd_drill(const struct options *opt, int argc, char **argv);        /* cmd_drill.c */
#endif
