/* cmd_lint: placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cli.h"

int cmd_lint(const struct options *opt, int argc, char **argv)
{
	(void)opt; (void)argc; (void)argv;
	fputs("cudakitchen: 'lint' is not built yet\n", stderr);
	return 2;
}
