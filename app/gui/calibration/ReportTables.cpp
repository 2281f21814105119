#include "app/gui/calibration/ReportTables.h"
#include "app/gui/calibration/OverlayDraw.h"
#include "app/gui/runner/RunnerText.h"
#include "app/gui/widgets/QtStrings.h"
#include "app/plots/PlotStyle.h"
#include "model/core/Unit.h"

#include <QColor>
#include <QHeaderView>
#include <QStringList>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace cs::app::calibration {

namespace {

QTableWidgetItem* cell(const QString& text, const QString& tip = {})
{
    auto* it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tip.isEmpty())
        it->setToolTip(tip);
    return it;
}

} // namespace

void setupReadOnlyTable(QTableWidget* t, const QStringList& headers)
{
    t->setColumnCount(static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 8);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(false);
    t->horizontalHeader()->setStretchLastSection(true);
}

void setupParamTable(QTableWidget* t)
{
    setupReadOnlyTable(t, {QObject::tr("Parameter"), QObject::tr("Value"), QObject::tr("95% CI"), QObject::tr("R²"),
              QObject::tr("SMAPE"), QObject::tr("Method"), QObject::tr("Before"), QObject::tr("Probe run")});
}

void setupValidationTable(QTableWidget* t)
{
    setupReadOnlyTable(t, {QObject::tr("Series"), QObject::tr("x"), QObject::tr("Measured"), QObject::tr("Predicted"),
              QObject::tr("Error"), QObject::tr("Used")});
}

QString formatParam(double si, const calib::CalibratedParam& p)
{
    if (!std::isfinite(si))
        return QStringLiteral("-");
    if (const std::optional<DisplayUnit> d = findDisplayUnit(p.displayUnit); d && d->scale > 0)
        return QString::number(si / d->scale, 'g', 4) + " " + q(std::string(d->name));
    return QString::number(si, 'g', 4) + (p.unit.empty() ? "" : " " + q(p.unit));
}

namespace {
// A measured or predicted value in its series' unit ("10.5 us", "906 MiB/s").
QString formatSeriesValue(double v, const std::string& unit)
{
    if (unit.empty())
        return QString::number(v, 'g', 4);
    return formatMeasured(v, unit);
}
} // namespace

void fillParamTable(QTableWidget* t, const calib::CalibrationReport& r)
{
    t->setRowCount(static_cast<int>(r.params.size()));
    for (int i = 0; i < t->rowCount(); ++i) {
        const calib::CalibratedParam& p = r.params[static_cast<std::size_t>(i)];
        QString how = q(p.method);
        if (!p.form.empty() && p.form != "const")
            how += " " + q(p.form);
        QString tip = q(p.expression.empty() ? std::string() : "value = " + p.expression);
        const QString name = q(p.block + "." + p.param);
        t->setItem(i, PParam, cell(name, tip));
        t->item(i, PParam)->setData(Qt::UserRole, q(p.block));
        t->item(i, PParam)->setData(Qt::UserRole + 1, q(p.param));
        t->setItem(i, PValue, cell(formatParam(p.value, p)));
        t->setItem(i, PCi, cell(QString("[%1, %2]").arg(formatParam(p.ciLow, p), formatParam(p.ciHigh, p))));
        t->setItem(i, PBefore, cell(formatParam(p.previous, p)));
        t->setItem(i, PMethod, cell(how, tip));
        t->setItem(i, PR2, cell(QString::number(p.r2, 'f', 4)));
        t->setItem(i, PSmape, cell(percent(p.smape, false)));
        t->setItem(i, PRun, cell(q(p.probe), QObject::tr("run %1\nat %2\non %3").arg(q(p.run), q(p.time), q(p.nodes))));
        // An input that fails the quality limits: red, its issues as the tooltip.
        QStringList why;
        for (const calib::FitIssue* issue : calib::issuesOf(r, p.block, p.param))
            why << q(issue->figure + ": " + issue->cause);
        if (!why.isEmpty() || !p.trusted) {
            for (int c = 0; c < t->columnCount(); ++c)
                if (QTableWidgetItem* item = t->item(i, c)) {
                    item->setForeground(QColor(0xb0, 0, 0));
                    item->setToolTip(QObject::tr("Not trusted: %1").arg(why.join("\n")));
                }
        }
    }
    t->resizeColumnsToContents();
}

void fillValidationTable(QTableWidget* t, const calib::CalibrationReport& r,
                         const std::map<std::string, std::pair<std::string, std::string>>& units)
{
    t->setRowCount(static_cast<int>(r.validation.size()));
    for (int i = 0; i < t->rowCount(); ++i) {
        const calib::ValidationPoint& v = r.validation[static_cast<std::size_t>(i)];
        const auto u = units.find(v.series);
        const std::string xUnit = u == units.end() ? std::string() : u->second.first;
        const std::string yUnit = u == units.end() ? std::string() : u->second.second;
        t->setItem(i, VSeries, cell(q(v.series)));
        t->setItem(i, VX, cell(formatSeriesValue(v.x, xUnit)));
        t->setItem(i, VMeasured, cell(formatSeriesValue(v.measured, yUnit)));
        t->setItem(i, VPredicted, cell(formatSeriesValue(v.predicted, yUnit)));
        t->setItem(i, VError, cell(percent(v.relError)));
        t->setItem(i, VHeldOut, cell(v.heldOut ? QObject::tr("held out") : QObject::tr("in fit")));
        if (v.heldOut)
            for (int c = 0; c < VColumnCount; ++c)
                t->item(i, c)->setBackground(QColor(255, 246, 214));
        if (std::abs(v.relError) > 0.10)
            t->item(i, VError)->setForeground(QColor(0xb0, 0, 0));
    }
    t->resizeColumnsToContents();
}

QString reportSummary(const calib::CalibrationReport& r)
{
    int heldOut = 0;
    for (const calib::ValidationPoint& v : r.validation)
        heldOut += v.heldOut ? 1 : 0;
    QString s = QObject::tr("%n parameter(s) from %1 fit(s). ", "", static_cast<int>(r.params.size())).arg(r.fits.size());
    // What cannot be trusted comes first, so the figures below it are not
    // read as a verdict on every value (docs/calibration.md "Quality limits").
    int poor = 0;
    for (const calib::CalibratedParam& p : r.params)
        poor += p.trusted ? 0 : 1;
    if (poor > 0)
        s += QObject::tr("%n input(s) fail the quality limits and are applied only with \"Accept poor fits\" "
                         "(see the warnings under the fitted values). ", "", poor);
    for (const calib::Disagreement& d : r.disagreements)
        s += QObject::tr("The drawn network %1 the calibrated %2.%3 (%4 against %5): the nodes you measured are not "
                         "the network you drew (see the warnings under the fitted values). ")
                 .arg(d.drawnWins ? QObject::tr("overrides") : QObject::tr("disagrees with"), q(d.block), q(d.param),
                      formatMeasured(d.drawn, std::string(d.param == "G" ? "s/B" : "")),
                      formatMeasured(d.calibrated, std::string(d.param == "G" ? "s/B" : "")));
    s += QObject::tr("Fit error (mean |relative|): %1.").arg(percent(r.meanAbsRelError, false));
    if (heldOut > 0 && std::isfinite(r.heldOutMeanAbsRelError))
        s += " " + QObject::tr("Held-out check on %1 point(s) not used in the fits: mean %2, max %3.")
                       .arg(heldOut)
                       .arg(percent(r.heldOutMeanAbsRelError, false), percent(r.heldOutMaxAbsRelError, false));
    else
        s += " " + QObject::tr("No point was held out for validation.");
    return s;
}

QString r2Story(const calib::CalibrationReport& r)
{
    QStringList out;
    for (std::size_t i = 0; i < r.fits.size(); ++i) {
        const calib::FitResult& f = r.fits[i].result;
        if (!(f.r2 < 0.9) || f.y.size() < 2)
            continue;
        double lo = f.y.front(), hi = f.y.front();
        for (double y : f.y)
            lo = std::min(lo, y), hi = std::max(hi, y);
        const double spread = lo != 0 ? (hi - lo) / std::fabs(lo) : std::nan("");
        const QString what = QString::fromStdString(r.fits[i].probe + " " + r.fits[i].read);
        const QString r2 = QString::number(f.r2, 'f', 3);
        // "Close": the fit misses by well under the spread it had to explain.
        if (std::isfinite(spread) && f.smape < 0.05 && f.smape <= spread)
            out << QObject::tr("%1: R\u00b2 %2 is low because the measured values hardly vary (%3 between the "
                               "smallest and largest); the fit error, %4, says the fit is close.")
                       .arg(what, r2, percent(spread, false), percent(f.smape, false));
        else
            out << QObject::tr("%1: R\u00b2 %2 with fit error %3: the model does not follow these measurements "
                               "well; check the Validation page before applying.")
                       .arg(what, r2, percent(f.smape, false));
    }
    return out.join(" ");
}

} // namespace cs::app::calibration
