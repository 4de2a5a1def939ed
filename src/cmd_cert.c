/* cmd_cert: placeholder until its owner lands the real command. */
#include <stdio.h>
#include "cli.h"

int cmd_cert(const struct options *opt, int argc, char **argv)
{
	(void)opt; (void)argc; (void)argv;
	fputs("cudakitchen: 'cert' is not built yet\n", stderr);
	return 2;
}
