#include "model/blocks/offload/OffloadStridedBlock.h"
#include "model/blocks/offload/OffloadSpecs.h"
#include "model/core/Unit.h"

namespace cs {

using offload::src;

// Fig. 4's throughputs are not given as numbers in the text; only the peak
// gain is ("4.8 times ... at maximum"). The per-block costs are therefore
// assumed, chosen so that the gain for the smallest blocks with nblocks = 100
// is near 4.8: X_0 = 100 (4 + 1) / (4 + 1 + 100 * 1) = 500 / 105 = 4.76.
const BlockSpec& OffloadStridedBlock::spec() const
{
    static const BlockSpec s{
        "offload.strided",
        "MDO strided transfer",
        "Network",
        "Transfer of nblocks non-contiguous blocks of b bytes between two hosts. With MMP the host issues a "
        "request per block and the DMA engine idles while it is handled; with MDO one request starts a module on "
        "the NI that computes the block addresses and re-arms the DMA as soon as each block completes. Gives "
        "both times and throughputs and MDO's gain X.",
        src("§4.2, Fig. 4"),
        {
            countParam("nblocks", 100, 1, 1e7, "blocks transferred", src("§4.2 (100 blocks in Fig. 4)")),
            offload::wholeBytes("b", "B", 4096, 1, 67108864, "bytes per block (Fig. 4's horizontal axis)",
                                src("§4.2, Fig. 4; default assumed: 4 KiB; max 64 MiB, the NI's SDRAM "
                                    "(§2.1(1))")),
            param("B_dma", Unit::BytesPerSecond, "MB/s", offload::kLinkBw, 1e6, 1e12,
                  "bandwidth of one block's transfer, host to host once the DMA runs",
                  src("§2.1(1); default assumed: the 3.2 Gbit/s = 400e6 B/s link, slower than a 528 MB/s "
                      "64-bit 66 MHz PCI bus")),
            param("o_req", Unit::Seconds, "us", 4e-6, 0.0, 1.0,
                  "one host request: PCI writes to the NI's request queue and its handling by the firmware",
                  src("§4.2 (MMP issues send/receive requests for every block); default assumed: 4 us, "
                      "chosen with t_dma and o_mod so that X_0 is near Fig. 4's 4.8")),
            param("t_dma", Unit::Seconds, "us", 1e-6, 0.0, 1.0,
                  "firmware time to set the DMA parameters for one block (DMA engine idle)",
                  src("§4.2 (\"the firmware can set DMA parameters for the subsequent transfer soon after one "
                      "block transfer has completed\"); default assumed: 1 us")),
            offload::oModParam(),
        },
        {
            output("T_MMP", Unit::Seconds, "us", "MMP: nblocks (o_req + t_dma + b / B_dma)", src("§4.2")),
            output("T_MMP_req", Unit::Seconds, "us", "per-block requests, nblocks o_req", src("§4.2"), "T_MMP"),
            output("T_MMP_dma", Unit::Seconds, "us", "per-block DMA set-up, nblocks t_dma", src("§4.2"), "T_MMP"),
            output("T_MMP_xfer", Unit::Seconds, "us", "transfers, nblocks b / B_dma", src("§4.2"), "T_MMP"),
            output("T_MDO", Unit::Seconds, "us", "MDO: o_req + o_mod + nblocks (t_dma + b / B_dma)", src("§4.2")),
            output("T_MDO_req", Unit::Seconds, "us", "the one request and module call, o_req + o_mod",
                   src("§4.2, §4.3.1"), "T_MDO"),
            output("T_MDO_dma", Unit::Seconds, "us", "DMA re-armed by the module, nblocks t_dma", src("§4.2"),
                   "T_MDO"),
            output("T_MDO_xfer", Unit::Seconds, "us", "transfers, nblocks b / B_dma", src("§4.2"), "T_MDO"),
            output("BW_MMP", Unit::BytesPerSecond, "MB/s", "MMP throughput, nblocks b / T_MMP", src("§4.2, Fig. 4")),
            output("BW_MDO", Unit::BytesPerSecond, "MB/s", "MDO throughput, nblocks b / T_MDO", src("§4.2, Fig. 4")),
            output("X", Unit::Ratio, "1", "MDO's throughput gain, BW_MDO / BW_MMP = T_MMP / T_MDO",
                   src("§4.2, Fig. 4")),
            output("X_0", Unit::Ratio, "1",
                   "the gain for vanishing blocks (b -> 0), nblocks (o_req + t_dma) / (o_req + o_mod + "
                   "nblocks t_dma); the largest X over all b whenever it exceeds 1",
                   src("§4.2: 4.8 times at maximum")),
        },
    };
    return s;
}

void OffloadStridedBlock::evaluate(const double* in, double* out) const
{
    const double n = in[nblocks];
    const double xfer = n * in[b] / in[B_dma];

    out[T_MMP_req] = n * in[o_req];
    out[T_MMP_dma] = n * in[t_dma];
    out[T_MMP_xfer] = xfer;
    out[T_MMP] = out[T_MMP_req] + out[T_MMP_dma] + out[T_MMP_xfer];

    out[T_MDO_req] = in[o_req] + in[o_mod];
    out[T_MDO_dma] = n * in[t_dma];
    out[T_MDO_xfer] = xfer;
    out[T_MDO] = out[T_MDO_req] + out[T_MDO_dma] + out[T_MDO_xfer];

    const double bytes = n * in[b];
    out[BW_MMP] = bytes / out[T_MMP];
    out[BW_MDO] = bytes / out[T_MDO];
    out[X] = out[T_MMP] / out[T_MDO];
    // The b -> 0 limit of X. With every overhead zero it is 0/0; the gain is
    // then 1 (both schemes are pure transfer).
    const double fixedMMP = n * (in[o_req] + in[t_dma]);
    const double fixedMDO = in[o_req] + in[o_mod] + n * in[t_dma];
    out[X_0] = fixedMDO > 0.0 ? fixedMMP / fixedMDO : 1.0;
}

} // namespace cs
