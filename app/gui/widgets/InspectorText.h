#pragma once
#include "app/gui/widgets/QtStrings.h"
#include "app/plots/RateUnit.h"
#include "model/core/ParamSpec.h"
#include "model/core/Provenance.h"

#include <QColor>
#include <QString>

#include <string>
#include <vector>

namespace cs::app::inspector {

using cs::app::q;

// A value in its display unit ("6 us", "38 MB/s", "1024", or a choice name).
QString displayValue(double si, const std::string& displayUnit, Unit unit,
                     const std::vector<std::string>& choices = {});
// The same for an input's spec.
QString displayValue(double si, const ParamSpec& spec);
// The spec's valid range in its display unit ("[8e-09, 8e+06] Gbit/s" for a rate field shown in Gbit/s), as
// ParamSpec::rangeText() writes it in SI ("[1000, 1e+13] B/s") when the display unit is unknown or of another kind.
QString rangeText(const ParamSpec& spec);
// The unit a field with a unit of its own shows `si` in (a design parameter, a generator's parameter): a
// rate in the unit it reads best in, as the block and topology forms write rates (plots::rateUnitFor in
// `family`): 1.25e8 B/s is "Gbit/s" where the spec says Mbit/s, which wrote it "1000 Mbit/s" (issue 48,
// defect 14). A time or a per-byte cost in the unit of its kind that puts a magnitude of at least 1 in front
// (autoDisplayUnit): 2e-3 s is "ms" where the spec says us, which wrote it "2000 us"; zero keeps the spec's unit.
// Any other kind keeps the spec's display unit.
std::string shownUnit(const ParamSpec& spec, double si, plots::RateFamily family = plots::ratePreference());
// The text an editor starts with (the display value).
QString editText(double si, const ParamSpec& spec);

// "default", "set by user", "wired from loggp.L_out", "calibrated".
QString provenanceLabel(const Provenance& p);
// A longer description for a tooltip (calibration CI, time, nodes, run).
QString provenanceDetail(const Provenance& p, const ParamSpec& spec);
QColor provenanceColor(ProvenanceKind k);

} // namespace cs::app::inspector
