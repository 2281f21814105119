#pragma once
#include "app/gui/widgets/QtStrings.h"
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
// The text an editor starts with (the display value).
QString editText(double si, const ParamSpec& spec);

// "default", "set by user", "wired from loggp.L_out", "calibrated".
QString provenanceLabel(const Provenance& p);
// A longer description for a tooltip (calibration CI, time, nodes, run).
QString provenanceDetail(const Provenance& p, const ParamSpec& spec);
QColor provenanceColor(ProvenanceKind k);

} // namespace cs::app::inspector
