#pragma once
#include "app/gui/inspector/ValueField.h"
#include "model/core/ParamSpec.h"
#include "model/core/Provenance.h"

#include <QWidget>

#include <functional>
#include <optional>

class QGridLayout;

namespace cs::app::inspector {

// One row of a parameter form.
struct ParamRow {
    ParamSpec spec;
    ParamValue value;                // for a wired input: provenance Wired, detail = source
    std::optional<double> incoming;  // a wired input's current value, when evaluated
    bool showProvenance = true;
    ValueField::Apply apply;         // null: read-only
    std::function<QString()> reset;  // null: no reset button
    // A wired input or following parameter: cut the wire or pin the value,
    // so the user can set it (null: no button).
    std::function<QString()> override;
    // An input the topology can supply but does not: wire it (null: no button).
    std::function<QString()> useTopology;
};

// A form of parameters: for each, its symbol, an editor (or, when wired,
// where the value comes from), a reset button, the provenance, and a line
// with the valid range, the meaning and the source citation.
class ParamGrid : public QWidget {
    Q_OBJECT
public:
    explicit ParamGrid(QWidget* parent = nullptr);
    ValueField* addRow(const ParamRow& row);

private:
    QGridLayout* grid_;
    int next_ = 0;
};

} // namespace cs::app::inspector
