# The quote check (tests/model/validation/test_claim_quotes.cpp) skips, and says so in one line, when the
# seed papers are absent: run it with CS_SEEDS_DIR naming an empty folder and require status 0, the skip
# line ctest matches (SKIP_LINE), and no assertion run.
#   cmake -DEXE=cs_model_tests -DTEST="claims: ..." -DSKIP_LINE="SKIPPED: ..." -DWORK=DIR -P seeds_skip_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/empty)
execute_process(COMMAND ${CMAKE_COMMAND} -E env CS_SEEDS_DIR=${WORK}/empty ${EXE} ${TEST} -w NoTests
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "with an empty CS_SEEDS_DIR the quote check exited ${rc}, not 0")
endif()
string(FIND "${out}" "${SKIP_LINE}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "with an empty CS_SEEDS_DIR the quote check did not print '${SKIP_LINE}'")
endif()
# Catch2's summary: the one test case ran and checked nothing ("test cases: 1 | 1 passed", "assertions: - none -").
if(NOT out MATCHES "test cases: 1 \\| 1 passed" OR NOT out MATCHES "assertions: - none -")
  message(FATAL_ERROR "with an empty CS_SEEDS_DIR the quote check ran assertions or no test case")
endif()
file(REMOVE_RECURSE ${WORK})
