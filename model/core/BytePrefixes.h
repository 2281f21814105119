#pragma once
// How byte quantities are prefixed where they are shown: a display setting
// of the whole program (the GUI's Preferences set it; the command line keeps
// the default). Conventional: sizes and measured rates in powers of 1024
// (KiB, MiB/s), network rates in powers of 1000 (MB/s), as each is usually
// quoted; SI: powers of 1000 everywhere (KB, MB/s); Binary: powers of 1024
// everywhere (KiB, MiB/s). Bit rates are SI in every case (Mbit/s, Gbit/s).
// autoDisplayUnit (model/core/Unit.h), the charts' scaleFor and the views'
// rateUnitFor (app/plots) read it.
namespace cs {

enum class BytePrefixes { Conventional, SI, Binary };
void setBytePrefixes(BytePrefixes prefixes);
BytePrefixes bytePrefixes();

} // namespace cs
