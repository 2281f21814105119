#include "app/gui/runner/ProbeParamTable.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <QBrush>
#include <QColor>
#include <QHeaderView>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace cs::app {

namespace {
enum Col { Name, Value, UnitCol, Range, Meaning };

// The names of a "choice" parameter's values, read from its meaning
// ("0 = TCP (TCP_NODELAY), 1 = UDP": TCP, UDP), so that the table shows and
// takes a name where the probe wants a code. Empty when the meaning does not
// list every value from 0 to max in that form.
QStringList choiceNames(const sdk::ParamDef& p)
{
    if (p.unit != "choice")
        return {};
    QStringList names;
    static const QRegularExpression entry(QStringLiteral("(\\d+)\\s*=\\s*([^,(]+)"));
    for (auto it = entry.globalMatch(QString::fromStdString(p.meaning)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.captured(1).toInt() != names.size())
            return {};
        names << m.captured(2).trimmed();
    }
    return names.size() == static_cast<int>(p.max) + 1 ? names : QStringList();
}

QString shownValue(const sdk::ParamDef& p, double v)
{
    const QStringList names = choiceNames(p);
    const int i = static_cast<int>(v);
    if (!names.isEmpty() && i >= 0 && i < names.size() && v == i)
        return names[i];
    return QString::fromStdString(formatNumber(v));
}
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
        const QStringList names = choiceNames(p);
        auto* v = new QTableWidgetItem(shownValue(p, p.defaultValue));
        v->setToolTip(names.isEmpty() ? tr("Default %1. Units may be typed: 64KiB, 500ms, 2^12.")
                                            .arg(QString::fromStdString(formatNumber(p.defaultValue)))
                                      : tr("Default %1. One of: %2.").arg(shownValue(p, p.defaultValue), names.join(", ")));
        setItem(r, Value, v);
        setItem(r, UnitCol, fixed(QString::fromStdString(p.unit == "count" || !names.isEmpty() ? "" : p.unit)));
        setItem(r, Range, fixed(names.isEmpty() ? QString("[%1, %2]").arg(QString::fromStdString(formatNumber(p.min)),
                                                                         QString::fromStdString(formatNumber(p.max)))
                                                : names.join(" | ")));
        auto* m = fixed(QString::fromStdString(p.meaning));
        m->setToolTip(QString::fromStdString(p.meaning));
        setItem(r, Meaning, m);
    }
    // Each column as wide as its contents but the last, Meaning, which takes
    // what is left (its text is in the tooltip): the table does not scroll
    // sideways to show a sentence.
    for (int c = 0; c < Meaning; ++c)
        resizeColumnToContents(c);
    setColumnWidth(Meaning, 60);
    // Room to type a value with its unit ("64KiB", "500ms").
    setColumnWidth(Value, std::max(columnWidth(Value), 6 * fontMetrics().horizontalAdvance('m')));
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
            item(r, Value)->setText(shownValue(probe_.params[static_cast<std::size_t>(r)], it->get<double>()));
    }
}

QString ProbeParamTable::parseRow(int r, double* si) const
{
    const sdk::ParamDef& p = probe_.params[static_cast<std::size_t>(r)];
    const QString text = item(r, Value)->text().trimmed();
    if (const QStringList names = choiceNames(p); !names.isEmpty()) {
        for (int i = 0; i < names.size(); ++i)
            if (text.compare(names[i], Qt::CaseInsensitive) == 0 || text == QString::number(i)) {
                *si = i;
                return {};
            }
        return QString("%1 = '%2': expected one of %3").arg(QString::fromStdString(p.name), text, names.join(", "));
    }
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
