/* The footprint baseline: reads its argument as the others do. */
#include <string.h>

int main(int argc, char **argv)
{
    return (int)strlen(argv[argc - 1]);
}
