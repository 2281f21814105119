// The Catch2 main, in a file of its own because it compiles slowly.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
