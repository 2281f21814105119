# `cmake --install` into a fresh prefix outside the build tree, then: every file a desktop installation
# needs is where the desktop looks for it, and the installed program reads the installed presets and
# plugins, not the source tree's or the build's (one preset and one plugin are removed from the installed
# copy, and the program must miss exactly those). Then the program is moved away from its data, and finds
# the presets through XDG_DATA_DIRS.
#   cmake -DBUILD=build/dev -DMPI_AGENT=ON|OFF -P install_layout_check.cmake
string(RANDOM LENGTH 8 tag)
set(root /tmp/cs-install-check-${tag})
set(prefix ${root}/prefix)
function(fail what)
  file(REMOVE_RECURSE ${root})
  message(FATAL_ERROR "${what}")
endfunction()

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix}
  OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  fail("cmake --install failed: ${err}")
endif()

set(expected
  bin/clusterscope bin/clusterscope-cli bin/clusterscope-agent
  lib/clusterscope/libcs_probe_sdk.so
  lib/clusterscope/probes/libcs_probe_pingpong.so lib/clusterscope/probes/libcs_probe_sort.so
  lib/clusterscope/probes/libcs_probe_mpifft2d.so
  share/clusterscope/presets/acc-fft.json share/clusterscope/presets/multiedge.json
  share/clusterscope/presets/claims/000-inic.json share/clusterscope/presets/claims/004-beowulf.json
  share/applications/clusterscope.desktop
  share/icons/hicolor/scalable/apps/clusterscope.svg
  share/doc/clusterscope/README.md share/doc/clusterscope/docs/format.md
  share/doc/clusterscope/docs/screenshots/sweep.png
  share/man/man1/clusterscope-cli.1
  share/bash-completion/completions/clusterscope-cli)
if(MPI_AGENT)
  # With MPI: the MPI agent, and the recording library run-app --record preloads (found beside bin/).
  list(APPEND expected bin/clusterscope-mpi-agent lib/clusterscope/libcsrecord.so)
endif()
foreach(f ${expected})
  if(NOT EXISTS ${prefix}/${f})
    fail("not installed: ${f}")
  endif()
endforeach()
message("installed: ${expected}")

# The manual page lists every command (app/cli/Cli.h's twelve).
file(READ ${prefix}/share/man/man1/clusterscope-cli.1 man)
foreach(command list eval sweep pareto sensitivity plot simulate validate topo probe calibrate verify)
  if(NOT man MATCHES "\n${command} ")
    fail("the manual page does not list the command ${command}")
  endif()
endforeach()

# Presets and plugins come from the installed tree: without multiedge.json and the sort plugin there, the
# program lists neither, while the source tree and the build still have both.
file(REMOVE ${prefix}/share/clusterscope/presets/multiedge.json ${prefix}/lib/clusterscope/probes/libcs_probe_sort.so)
set(cli ${prefix}/bin/clusterscope-cli)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CLUSTERSCOPE_PRESETS --unset=CLUSTERSCOPE_PLUGIN_PATH
  ${cli} list presets OUTPUT_VARIABLE presets ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT presets MATCHES "(^|\n)acc-fft " OR presets MATCHES "multiedge")
  fail("the installed program's presets (status ${rc}): ${presets}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CLUSTERSCOPE_PRESETS --unset=CLUSTERSCOPE_PLUGIN_PATH
  ${cli} probe --list OUTPUT_VARIABLE probes ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT probes MATCHES "net\\.pingpong" OR probes MATCHES "cpu\\.sort")
  fail("the installed program's probes (status ${rc}): ${probes}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CLUSTERSCOPE_PRESETS ${cli} eval acc-fft
  OUTPUT_VARIABLE eval ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  fail("the installed program cannot evaluate acc-fft (status ${rc}): ${err}")
endif()

# Moved away from its data (and its library): the presets through XDG_DATA_DIRS.
file(COPY ${cli} DESTINATION ${root}/elsewhere/bin)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CLUSTERSCOPE_PRESETS
  LD_LIBRARY_PATH=${prefix}/lib/clusterscope "XDG_DATA_DIRS=${root}/nothing:${prefix}/share"
  ${root}/elsewhere/bin/clusterscope-cli list presets OUTPUT_VARIABLE presets ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT presets MATCHES "(^|\n)acc-fft " OR presets MATCHES "multiedge")
  fail("a program moved away did not find the presets through XDG_DATA_DIRS (status ${rc}): ${presets}${err}")
endif()
file(REMOVE_RECURSE ${root})
