#include "app/cli/Cli.h"
#include "model/os/HugePages.h"

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc > 1 && std::strcmp(argv[1], "topo") == 0)
        cs::reexecWithHugePages(argv); // a topology of millions of hosts (HugePages.h)
    cs::restoreTunables();
    return cs::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
