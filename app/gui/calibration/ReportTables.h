#pragma once
// Filling the calibration panel's tables from a cs::calib::CalibrationReport:
// the fitted values with their 95% CIs and goodness, and the validation
// points (measured against predicted, held-out ones marked).
#include "model/calibration/Calibration.h"

#include <QString>

#include <map>
#include <string>
#include <utility>

class QTableWidget;

namespace cs::app::calibration {

enum ParamColumn { PParam, PValue, PCi, PR2, PSmape, PMethod, PBefore, PRun, PColumnCount };
enum ValidationColumn { VSeries, VX, VMeasured, VPredicted, VError, VHeldOut, VColumnCount };

// A read-only table of whole rows: the headers, no row numbers, rows one text line high, the last column
// stretched (the calibration, verify and fit tables).
void setupReadOnlyTable(QTableWidget* t, const QStringList& headers);
void setupParamTable(QTableWidget* t);
void setupValidationTable(QTableWidget* t);
void fillParamTable(QTableWidget* t, const calib::CalibrationReport& report);
// `units`: series name -> {x unit, y unit} (from cs::calib::measuredSeries), for display.
void fillValidationTable(QTableWidget* t, const calib::CalibrationReport& report,
                         const std::map<std::string, std::pair<std::string, std::string>>& units = {});

// "12.3 us" in the input's display unit, 4 significant digits.
QString formatParam(double si, const calib::CalibratedParam& p);
// One paragraph: counts, fit error, held-out error.
QString reportSummary(const calib::CalibrationReport& report);
// For each fit whose R² is low (< 0.9), what that means beside its fit
// error: when the measured values hardly vary, R² is low even for a close
// fit; otherwise the model does not follow the measurements. "" when every
// fit has R² >= 0.9.
QString r2Story(const calib::CalibrationReport& report);

} // namespace cs::app::calibration
