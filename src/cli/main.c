/* pksim: main() only; everything else is in the library (cli.c). */
#include "pksim/cli/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
