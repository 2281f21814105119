#pragma once
#include "model/core/Block.h"

namespace cs {

// "offload.strided": strided (block-cyclic) transfer of nblocks
// non-contiguous b-byte blocks from one host to another
// (001_6f8c605996d22b4f.txt §4.2, Fig. 4).
//  - MMP: the host issues one request per block; the DMA engine idles while
//    the request crosses PCI and the firmware handles it (o_req) and while
//    the firmware sets up the DMA (t_dma):
//        T_MMP = nblocks (o_req + t_dma + b / B_dma).
//  - MDO: the host issues one request and one module call (o_req + o_mod);
//    the module computes the block addresses and sets the DMA for the next
//    block as soon as one completes, so only t_dma separates transfers:
//        T_MDO = o_req + o_mod + nblocks (t_dma + b / B_dma).
// Throughputs are nblocks b / T; X = T_MMP / T_MDO is MDO's gain, largest
// for small blocks, X_0 = nblocks (o_req + t_dma) / (o_req + o_mod +
// nblocks t_dma) as b -> 0, and it falls toward 1 for large blocks.
class OffloadStridedBlock final : public Block {
public:
    const BlockSpec& spec() const override;
    void evaluate(const double* in, double* out) const override;

    enum In { nblocks, b, B_dma, o_req, t_dma, o_mod };
    enum Out {
        T_MMP,
        T_MMP_req,
        T_MMP_dma,
        T_MMP_xfer,
        T_MDO,
        T_MDO_req,
        T_MDO_dma,
        T_MDO_xfer,
        BW_MMP,
        BW_MDO,
        X,
        X_0,
    };
};

} // namespace cs
