/* app: placeholder until the TUI lands. */
#include <stdio.h>
#include "cli.h"

int cmd_tui(const struct options *opt, const char *start)
{
	(void)opt; (void)start;
	fputs("cudakitchen: the tutorial is not built yet\n", stderr);
	return 2;
}
