# ccache (issue 46): compile through Debian's ccache (scripts/install-deps.sh installs it) when it is installed.
# Paths are made relative to the checkout (CCACHE_BASEDIR) and the working folder is left out of the hash
# (CCACHE_NOHASHDIR), so a fresh clone at any path reads what an earlier build of the same sources compiled, and a
# one-line change recompiles that file alone. CS_CCACHE=OFF, or a CMAKE_CXX_COMPILER_LAUNCHER of your own, turns
# it off.
#
# Measured and left out (issue 46): precompiled headers of Catch2 and nlohmann-json (a 132 MB .gch) made a test
# file slower to compile with GCC 12 here, 4.8 s against 3.9 s, and 16 of cs_model_tests' files took 92 s of CPU
# against 87 s without; the time is in parsing the project's own headers and in code generation, not in those
# two headers alone.
#
# Also measured and left out (issue 46), GCC 12, user CPU of compiling test files of cs_model_tests one by one
# against the same files in one unity batch, and of the same files with other flags:
#   - unity: 6 files took 35.3 s one by one and 25.5 s as one batch (-28%). A batch of 8 did not compile: test
#     files give their helpers the same names in anonymous namespaces (kDoc, writeFile, readJson, Outputs, ...,
#     in dozens of files of every test program), and a unity build of the tests needs each of those renamed
#     first. A one-line change in a test file would then recompile its whole batch.
#   - debug information: 3 files took 16.6 s at -O2 -g (RelWithDebInfo), 14.6 s at -O2 -g1 and 12.5 s at -O2
#     (-25%). The dev preset keeps -g: a developer's crash is read with its variables.
option(CS_CCACHE "Compile through ccache when it is installed" ON)

if(CS_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(CS_CCACHE_PROGRAM ccache)
  if(CS_CCACHE_PROGRAM)
    set(CS_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1
        ${CS_CCACHE_PROGRAM})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CS_LAUNCHER})
    set(CMAKE_C_COMPILER_LAUNCHER ${CS_LAUNCHER})
  endif()
endif()

# The linker (issue 46). A one-line change in model/ relinks every program and test program that links cs_model
# (27 links, each reading the 450 MB archive with its debug information). GNU ld took 6.8 s of wall time for
# cs_model_tests alone, LLVM's lld 1.9 s and mold 2.1 s, measured here on the same objects; lld is used when
# installed (scripts/install-deps.sh installs it). CS_FAST_LINKER=OFF keeps the compiler's default linker.
option(CS_FAST_LINKER "Link with LLVM's lld when it is installed" ON)
if(CS_FAST_LINKER)
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=lld" CS_HAVE_LLD)
  if(CS_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()
