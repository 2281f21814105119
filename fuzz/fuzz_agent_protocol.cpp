// libFuzzer target for the node agent's protocol parser (app/agent/protocol):
// arbitrary bytes go through the frame decoder as a stream (split at a point
// the input chooses, so reassembly is exercised), every frame is validated as
// a controller and as an agent message, and the whole input is also parsed
// as one payload. Nothing may crash, hang or leak; oversized lengths must be
// refused without allocating them.
#include "app/agent/protocol/AgentProtocol.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace cs::agent;
    const auto* bytes = reinterpret_cast<const char*>(data);
    const std::string_view all(bytes, size);

    FrameDecoder decoder;
    const std::size_t split = size == 0 ? 0 : data[0] % (size + 1);
    decoder.feed(bytes, split);
    std::string frame;
    auto drain = [&] {
        for (int i = 0; i < 1000; ++i) {
            const FrameDecoder::Status st = decoder.next(frame);
            if (st != FrameDecoder::Status::Frame)
                return;
            Message m;
            (void)parseMessage(frame, Sender::Controller, m);
            (void)parseMessage(frame, Sender::Agent, m);
        }
    };
    drain();
    decoder.feed(bytes + split, size - split);
    drain();

    Message m;
    if (parseMessage(all, Sender::Controller, m).empty()) {
        // A valid message survives a round trip through the encoder.
        try {
            const std::string again = encodeFrame(m.body);
            FrameDecoder d2;
            d2.feed(again);
            std::string f2;
            if (d2.next(f2) != FrameDecoder::Status::Frame)
                __builtin_trap();
        } catch (const std::length_error&) {
        }
    }
    (void)parseMessage(all, Sender::Agent, m);
    (void)tokensEqual(all.substr(0, size / 2), all.substr(size / 2));
    return 0;
}
