// The Calibration dock's apply side: applying a report to the design, letting calibrated values stand
// against the drawing, reverting calibrated inputs, and the buttons' states.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/ReportTables.h"
#include "app/plots/RateUnit.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>

#include <set>

namespace cs::app::calibration {

namespace {
// The value the disagreement's choice input has now (NaN when it is gone).
double currentChoice(const DesignDocument& doc, const calib::Disagreement& d)
{
    try {
        return doc.design.value(Endpoint::parse(d.choice)).value;
    } catch (const std::exception&) {
        return std::nan("");
    }
}

bool isApplied(const DesignDocument& doc, const calib::CalibrationReport& r)
{
    if (!doc.calibration.is_array())
        return false;
    for (const nlohmann::json& entry : doc.calibration)
        if (entry.is_object() && entry.value("time", std::string()) == r.time)
            return true;
    return false;
}

bool anyCalibrated(const DesignDocument& doc)
{
    for (const BlockInstance& b : doc.design.blocks())
        for (const ParamValue& v : b.values)
            if (v.provenance.kind == ProvenanceKind::Calibrated)
                return true;
    return false;
}
} // namespace

void CalibrationPanel::updateButtons()
{
    const bool have = report_ && !report_->params.empty();
    const bool applied = have && isApplied(model_->doc(), *report_);
    // Apply only when it would set something (the status line says why not).
    bool settable = false;
    if (have && !applied) {
        calib::ApplyOptions options;
        options.acceptPoorFits = acceptPoor_->isChecked();
        options.format = plots::formatOptions();
        settable = !calib::planCalibration(model_->doc(), *report_, options).changes.empty();
    }
    apply_->setEnabled(settable);
    bool drawnWins = false;
    if (report_)
        for (const calib::Disagreement& d : report_->disagreements)
            drawnWins = drawnWins || currentChoice(model_->doc(), d) != d.calibratedStands;
    preferCalibrated_->setEnabled(drawnWins);
    apply_->setText(applied ? tr("Applied") : tr("Apply to design"));
    revert_->setEnabled(anyCalibrated(model_->doc()) || !params_->selectedItems().isEmpty());
}

QString CalibrationPanel::warningsText() const
{
    return warnings_->text();
}

void CalibrationPanel::preferCalibrated()
{
    if (!report_)
        return;
    QStringList done;
    std::vector<edit::ValueAssignment> values;
    for (const calib::Disagreement& g : report_->disagreements)
        if (currentChoice(model_->doc(), g) != g.calibratedStands) {
            values.push_back({g.choice, g.calibratedStands, Provenance::user()});
            done << QString::fromStdString(g.choice);
        }
    const QString err = model_->apply(tr("Let calibrated values stand"), edit::op::setValues(values));
    if (!err.isEmpty()) {
        setStatus(tr("Cannot let the calibrated values stand: %1").arg(err), true);
        return;
    }
    setStatus(tr("The calibrated values stand (%1 = none); Edit > Undo lets the drawing decide again").arg(done.join(", ")));
    updateButtons();
}

void CalibrationPanel::apply()
{
    if (!report_ || report_->params.empty()) {
        setStatus(tr("Calibrate first: there is nothing to apply"), true);
        return;
    }
    // What applying sets, computed once; the values with their provenance and the calibration record are
    // one edit of the design and the results, one undo step.
    calib::ApplyOptions applyOptions;
    applyOptions.acceptPoorFits = acceptPoor_->isChecked();
    applyOptions.format = plots::formatOptions();
    const calib::CalibrationPlan plan = calib::planCalibration(model_->doc(), *report_, applyOptions);
    const std::vector<calib::AppliedChange>& changes = plan.changes;
    const std::vector<std::string>& skipped = plan.skipped;
    if (changes.empty()) {
        QStringList why;
        for (const std::string& s : skipped)
            why << QString::fromStdString(s);
        setStatus(tr("Nothing applied: %1").arg(why.join("; ")), true);
        return;
    }
    const QString text = tr("Apply calibration (%n input(s))", "", static_cast<int>(changes.size()));
    const QString err = model_->apply(text, edit::op::applyCalibration(plan.values(), plan.record));
    if (!err.isEmpty()) {
        setStatus(tr("Cannot apply: %1").arg(err), true);
        return;
    }
    QString status = tr("Applied %1 of %2 fitted input(s); Edit > Undo restores the previous values")
                         .arg(changes.size())
                         .arg(report_->params.size());
    if (!skipped.empty()) {
        status += tr("; %1 not applied (%2)").arg(skipped.size()).arg(QString::fromStdString(skipped.front()));
        QString w = warnings_->text() == tr("No warnings.") ? QString() : warnings_->text() + "\n";
        for (const std::string& s : skipped)
            w += "• " + tr("not applied: %1").arg(QString::fromStdString(s)) + "\n";
        warnings_->setText(w.trimmed());
    }
    setStatus(status);
    updateButtons();
    emit applied();
}

void CalibrationPanel::revertToDefaults()
{
    std::set<std::pair<std::string, std::string>> targets;
    for (const QModelIndex& i : params_->selectionModel()->selectedRows()) {
        const QTableWidgetItem* it = params_->item(i.row(), PParam);
        targets.insert({it->data(Qt::UserRole).toString().toStdString(),
                        it->data(Qt::UserRole + 1).toString().toStdString()});
    }
    if (targets.empty()) {
        for (const BlockInstance& b : model_->doc().design.blocks())
            for (std::size_t k = 0; k < b.values.size(); ++k)
                if (b.values[k].provenance.kind == ProvenanceKind::Calibrated)
                    targets.insert({b.name, b.spec().inputs[k].symbol});
    }
    if (targets.empty()) {
        setStatus(tr("No calibrated input to revert"), true);
        return;
    }
    std::vector<std::string> paths;
    for (const auto& [block, param] : targets)
        paths.push_back(block + "." + param);
    const QString err = model_->apply(tr("Revert %n input(s) to defaults", "", static_cast<int>(targets.size())),
                                      edit::op::clearValues(paths));
    if (!err.isEmpty()) {
        setStatus(tr("Cannot revert: %1").arg(err), true);
        return;
    }
    setStatus(tr("Reverted %n input(s) to their defaults", "", static_cast<int>(targets.size())));
    updateButtons();
}

} // namespace cs::app::calibration
