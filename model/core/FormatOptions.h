#pragma once
// How quantities are written for people, passed in by whoever formats: the
// GUI reads its Preferences (app/plots/RateUnit.h, plots::formatOptions) and
// passes them down; the command line passes the default. The model keeps no
// formatting state of its own, so a sweep or a probe thread formats exactly
// as its caller asked.
#include "model/core/Unit.h"

#include <string>
#include <string_view>

namespace cs {

// How byte quantities are prefixed. Conventional: sizes and measured rates in
// powers of 1024 (KiB, MiB/s), network rates in powers of 1000 (MB/s), as
// each is usually quoted; SI: powers of 1000 everywhere (KB, MB/s); Binary:
// powers of 1024 everywhere (KiB, MiB/s). Bit rates are SI in every case
// (Mbit/s, Gbit/s). The formatters below, the charts' scaleFor and the views'
// rateUnitFor (app/plots) follow it.
enum class BytePrefixes { Conventional, SI, Binary };

struct FormatOptions {
    BytePrefixes bytePrefixes = BytePrefixes::Conventional;
};

// autoDisplayUnit and formatMeasured of model/core/Unit.h with the options a
// caller passes: byte sizes and rates in options.bytePrefixes (SI: B, KB, MB,
// GB and B/s ... GB/s; Conventional and Binary: B, KiB, MiB, GiB and B/s ...
// GiB/s). Unit.h's forms without options are these with FormatOptions{}.
DisplayUnit autoDisplayUnit(double si, Unit unit, const FormatOptions& options);
std::string formatMeasured(double si, std::string_view unitSymbol, const FormatOptions& options);

} // namespace cs
