#pragma once
// Umbrella header of cs_probe_kernels: Qt-free probe kernels and their statistics (namespace cs::probe).
//
//  Statistics.h     median with a binomial order-statistic CI, min, p25, p75, p99, count
//  Environment.h    CPU pinning (sched_setaffinity), sched_getcpu, CPU model, clock source, LLC size
//  RunControl.h     stop flag, deadline, per-operation timeouts, run token
//  Error.h          ProbeError and its kinds
//  Socket.h         endpoint, TCP/UDP helpers with timeouts, Listener
//  Server.h         serve(): the server role of every networked kernel
//  PingPong.h       TCP/UDP ping-pong latency sweep                (client: runPingPongClient)
//  LogGP.h          Netgauge PRTT(n,d,s) LogGP with segmentation   (client: runLogGPClient)
//  Stream.h         one-way / two-way streaming over 1..N sockets  (client: runStreamClient)
//  TokenExchange.h  Beowulf UDP token exchange, k tokens in flight (client: runTokenExchangeClient)
//  Alltoall.h       TCP all-to-all transpose exchange among P ranks (runTcpAlltoall)
//  Mesh.h           the TCP full mesh of the group kernels: exchange, all-to-all, all-gather, barrier
//  GroupReps.h      an application's repetitions under a time budget, decided alike on every rank
//  Fft2d.h          the parallel 2D FFT among P ranks, phases timed apart (runTcpFft2d)
//  ParallelSort.h   the parallel integer sort among P ranks, phases timed apart (runTcpParallelSort)
//  Collectives.h    broadcast, allreduce, barrier and all-to-all among P ranks (runTcpCollectives)
//  MemCopy.h        STREAM-convention memcpy and copy-loop bandwidth (runMemCopy)
//  Fft.h            FFTW 1D FFT time per row length, plan time apart (runFft)
//  Sort.h           bucket sort and count sort rates (runSort)

#include "cs/probe/Alltoall.h"
#include "cs/probe/Clock.h"
#include "cs/probe/Collectives.h"
#include "cs/probe/Environment.h"
#include "cs/probe/Error.h"
#include "cs/probe/Fft.h"
#include "cs/probe/Fft2d.h"
#include "cs/probe/GroupReps.h"
#include "cs/probe/LogGP.h"
#include "cs/probe/MemCopy.h"
#include "cs/probe/Mesh.h"
#include "cs/probe/ParallelSort.h"
#include "cs/probe/PingPong.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Server.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Sort.h"
#include "cs/probe/Statistics.h"
#include "cs/probe/Stream.h"
#include "cs/probe/TokenExchange.h"
