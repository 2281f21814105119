// Catch2 v2 main of cs_kernel_tests, in a file of its own because it compiles slowly.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
