#pragma once
// A probe's parameters as an editable table: name, value (typed with units:
// "64KiB", "500ms", "2^12"), unit, bounds and meaning. A value outside the
// bounds or not a number is shown in red with the reason, and values()
// refuses it.
#include "cs/sdk/ProbeDescriptor.h"

#include <nlohmann/json.hpp>

#include <QTableWidget>

namespace cs::app {

class ProbeParamTable : public QTableWidget {
    Q_OBJECT
public:
    explicit ProbeParamTable(QWidget* parent = nullptr);

    void setProbe(const sdk::ProbeDescriptor& probe);
    // Presets values (SI) by name, e.g. suggested settings; unknown names are ignored.
    void setValues(const nlohmann::json& values);
    // The parameters that differ from their defaults, SI; throws
    // std::invalid_argument naming the parameter and the text when one is bad.
    nlohmann::json values() const;
    // "" or the first bad value's reason.
    QString problem() const;
    int rowOf(const QString& name) const;

private:
    // Parses row r's text into *si; "" or the reason.
    QString parseRow(int r, double* si) const;
    void recheck(int row);

    sdk::ProbeDescriptor probe_;
};

} // namespace cs::app
