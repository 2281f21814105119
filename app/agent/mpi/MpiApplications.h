#pragma once
// The application probes in clusterscope-mpi-agent (mpi.app.fft2d, mpi.app.sort, mpi.app.collectives): their
// parameters checked for the number of ranks, and one run on every rank, its result as the JSON its TCP twin
// gives (plugins/probes/app/*Shared.h) with transport "mpi".
#include "app/agent/mpi/MpiKernels.h"

#include "app/AppShared.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>

namespace cs::agent::mpi {

// True for the probes this file runs.
bool isMpiApplication(const std::string& probe);

// "" or what is wrong with an application probe's resolved parameters (name -> SI value) for P ranks. Rank 0
// checks it before it broadcasts the run, so that either every rank runs the application or none does.
std::string mpiApplicationProblem(const std::string& probe, const nlohmann::json& params, std::size_t P);

// One run's outcome on this rank. `result` makes rank 0's summary and details once the series' samples can be
// sent (seriesOf sends them); empty when the run stopped or failed.
struct MpiApplicationRun {
    std::function<probeplugin::AppJson(const probeplugin::SeriesJsonOf& seriesOf)> result;
    bool stopped = false;  // cancelled: every rank alike
    std::string failure;   // rank 0: the run failed on every rank alike, in these words
};

// Runs `probe` on every rank of MPI_COMM_WORLD with parameters that passed mpiApplicationProblem. A failure
// of this rank alone (memory, FFTW's planner, a collective's wrong data on one rank) would leave the others
// waiting in the next collective: the rank prints it and aborts the job, and the runner reports the agent's
// exit with this rank's words.
MpiApplicationRun runMpiApplication(const std::string& probe, const nlohmann::json& params, const StopCheck& stop);

} // namespace cs::agent::mpi
