#include "app/gui/runner/ProbeParamTable.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <QBrush>
#include <QColor>
#include <QHeaderView>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace cs::app {

namespace {
enum Col { Name, Value, UnitCol, Range, Meaning };
}

ProbeParamTable::ProbeParamTable(QWidget* parent) : QTableWidget(parent)
{
    setObjectName("probeParams");
    setColumnCount(5);
    setHorizontalHeaderLabels({tr("Parameter"), tr("Value"), tr("Unit"), tr("Range"), tr("Meaning")});
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setStretchLastSection(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setWordWrap(false);
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == Value)
            recheck(item->row());
    });
}

void ProbeParamTable::setProbe(const sdk::ProbeDescriptor& probe)
{
    const QSignalBlocker block(this);
    probe_ = probe;
    setRowCount(static_cast<int>(probe.params.size()));
    for (int r = 0; r < rowCount(); ++r) {
        const sdk::ParamDef& p = probe.params[static_cast<std::size_t>(r)];
        auto fixed = [](const QString& text) {
            auto* it = new QTableWidgetItem(text);
            it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            return it;
        };
        setItem(r, Name, fixed(QString::fromStdString(p.name)));
        auto* v = new QTableWidgetItem(QString::fromStdString(formatNumber(p.defaultValue)));
        v->setToolTip(tr("Default %1. Units may be typed: 64KiB, 500ms, 2^12.")
                          .arg(QString::fromStdString(formatNumber(p.defaultValue))));
        setItem(r, Value, v);
        setItem(r, UnitCol, fixed(QString::fromStdString(p.unit == "count" ? "" : p.unit)));
        setItem(r, Range, fixed(QString("[%1, %2]").arg(QString::fromStdString(formatNumber(p.min)),
                                                        QString::fromStdString(formatNumber(p.max)))));
        auto* m = fixed(QString::fromStdString(p.meaning));
        m->setToolTip(QString::fromStdString(p.meaning));
        setItem(r, Meaning, m);
    }
    resizeColumnsToContents(); // the last column, Meaning, stretches
    // Room to type a value with its unit ("64KiB", "500ms").
    setColumnWidth(Value, std::max(columnWidth(Value), 8 * fontMetrics().horizontalAdvance('m')));
}

int ProbeParamTable::rowOf(const QString& name) const
{
    for (int r = 0; r < rowCount(); ++r)
        if (item(r, Name)->text() == name)
            return r;
    return -1;
}

void ProbeParamTable::setValues(const nlohmann::json& values)
{
    if (!values.is_object())
        return;
    for (auto it = values.begin(); it != values.end(); ++it) {
        const int r = rowOf(QString::fromStdString(it.key()));
        if (r >= 0 && it->is_number())
            item(r, Value)->setText(QString::fromStdString(formatNumber(it->get<double>())));
    }
}

QString ProbeParamTable::parseRow(int r, double* si) const
{
    const sdk::ParamDef& p = probe_.params[static_cast<std::size_t>(r)];
    const QString text = item(r, Value)->text().trimmed();
    std::optional<Unit> unit = unitFromSymbol(p.unit);
    if (!unit)
        unit = p.integer ? Unit::Count : Unit::Ratio;
    double v = 0;
    try {
        v = parseQuantity(text.toStdString(), *unit);
    } catch (const ModelError& e) {
        return QString("%1 = '%2': %3").arg(QString::fromStdString(p.name), text, QString::fromStdString(e.what()));
    }
    if (const std::string problem = p.rangeProblem(v); !problem.empty())
        return QString::fromStdString(problem);
    *si = v;
    return {};
}

void ProbeParamTable::recheck(int r)
{
    double v = 0;
    const QString problem = parseRow(r, &v);
    const QSignalBlocker block(this);
    QTableWidgetItem* it = item(r, Value);
    it->setForeground(problem.isEmpty() ? palette().text() : QBrush(QColor(0xb0, 0, 0)));
    it->setToolTip(problem.isEmpty() ? tr("Default %1. Units may be typed: 64KiB, 500ms, 2^12.")
                                           .arg(QString::fromStdString(formatNumber(
                                               probe_.params[static_cast<std::size_t>(r)].defaultValue)))
                                     : problem);
}

nlohmann::json ProbeParamTable::values() const
{
    nlohmann::json out = nlohmann::json::object();
    for (int r = 0; r < rowCount(); ++r) {
        double v = 0;
        const QString problem = parseRow(r, &v);
        if (!problem.isEmpty())
            throw std::invalid_argument(problem.toStdString());
        const sdk::ParamDef& p = probe_.params[static_cast<std::size_t>(r)];
        if (v != p.defaultValue)
            out[p.name] = v;
    }
    return out;
}

QString ProbeParamTable::problem() const
{
    try {
        values();
    } catch (const std::invalid_argument& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace cs::app
