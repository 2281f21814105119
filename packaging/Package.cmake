# `make package` (the `package` target): a Debian package, clusterscope_VERSION_ARCH.deb, of everything
# `cmake --install` installs, under /usr. Its dependencies are what dpkg-shlibdeps finds the programs and
# plugins linked against (Qt 6, QCustomPlot, SimGrid, FFTW, Open MPI, METIS...), so they cannot drift from
# the build. scripts/package-check.sh installs it on a clean Debian 12 and runs it.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME clusterscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "ClusterScope")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "design-space explorer and analytic modeller for computer clusters")
set(CPACK_PACKAGE_DESCRIPTION
  "Draw or generate a cluster's network, attach the analytic models of the cluster papers (INIC, Maestro2,\n"
  "Berkeley NOW, MultiEdge, Beowulf networks), sweep node counts and parameters, compare variants, and\n"
  "calibrate the models from probes run on live nodes. Contains the GUI (clusterscope), the command-line\n"
  "tool (clusterscope-cli), the node agents and the probe plugins.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON) # a RelWithDebInfo build is mostly debug information
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # clusterscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "ClusterScope developers <clusterscope@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libcs_probe_sdk.so is the package's own (lib/clusterscope): dpkg-shlibdeps looks there and asks no package.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/lib)
# Not linked, only run: mpirun for the MPI probes, ssh for remote nodes.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "openmpi-bin, openssh-client")
include(CPack)
