#pragma once
// Internal: the server roles and parameter codecs of the networked kernels, dispatched by serve().

#include "Wire.h"

#include "cs/probe/LogGP.h"
#include "cs/probe/PingPong.h"
#include "cs/probe/Server.h"
#include "cs/probe/Stream.h"
#include "cs/probe/TokenExchange.h"

namespace cs::probe::roles {

struct Context {
    Listener& listener;
    Socket& control;
    std::uint64_t nonce;
    const RunControl& rc;
    ServeSession& session;
};

void encode(wire::Writer& w, const PingPongParams& p);
void decode(wire::Reader& r, PingPongParams& p);
void serve(Context& ctx, const PingPongParams& p);

void encode(wire::Writer& w, const LogGPParams& p);
void decode(wire::Reader& r, LogGPParams& p);
void serve(Context& ctx, const LogGPParams& p);

void encode(wire::Writer& w, const StreamParams& p);
void decode(wire::Reader& r, StreamParams& p);
void serve(Context& ctx, const StreamParams& p);

void encode(wire::Writer& w, const TokenExchangeParams& p);
void decode(wire::Reader& r, TokenExchangeParams& p);
void serve(Context& ctx, const TokenExchangeParams& p);

} // namespace cs::probe::roles
