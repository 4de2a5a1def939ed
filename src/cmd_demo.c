/* cmd_demo: placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cli.h"

int cmd_demo(const struct options *opt, int argc, char **argv)
{
	(void)opt; (void)argc; (void)argv;
	fputs("cudakitchen: 'demo' is not built yet\n", stderr);
	return 2;
}
