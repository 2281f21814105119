#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/widgets/TightTabs.h"
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/MeasureSection.h"
#include "app/gui/calibration/OverlayDraw.h"
#include "app/gui/calibration/ReportTables.h"
#include "app/plots/RateUnit.h"
#include "app/gui/calibration/SweepOverlay.h"
#include "app/gui/calibration/FitSection.h"
#include "model/calibration/LiveNetwork.h"
#include "app/gui/calibration/VerifySection.h"
#include "app/gui/widgets/QtStrings.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cmath>
#include <set>

namespace cs::app::calibration {

namespace {

constexpr int kFittedTab = 1;
constexpr int kSeriesTab = 3;

QLabel* wrapLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

CalibrationPanel::CalibrationPanel(DocumentModel* model, SweepPanel* sweep, QWidget* parent)
    : QWidget(parent), model_(model)
{
    calibrate_ = new QPushButton(tr("Calibrate"), this);
    calibrate_->setObjectName("calibrateButton");
    calibrate_->setToolTip(tr("Fit the design's calibratable inputs to the probe results stored in the document"));
    holdOut_ = new QDoubleSpinBox(this);
    holdOut_->setRange(0, 50);
    holdOut_->setValue(25);
    holdOut_->setSuffix(" %");
    holdOut_->setDecimals(0);
    holdOut_->setToolTip(tr("Share of each fit's points kept out of the fit to check it (the largest x values; for a segmented fit every second one from the smallest up)"));
    status_ = wrapLabel(this);
    status_->setObjectName("calibrationStatus");
    status_->hide(); // until there is something to say
    auto* calRow = new QHBoxLayout;
    calRow->addWidget(calibrate_);
    calRow->addWidget(new QLabel(tr("Hold out:"), this));
    calRow->addWidget(holdOut_);
    calRow->addStretch(1);
    summary_ = wrapLabel(this);
    summary_->setObjectName("calibrationSummary");
    // The status and the summary, across the dock's width under the button,
    // scroll within five lines: a long status (why each fit was not applied)
    // beside the button stood thirteen lines tall in the narrow dock and
    // pushed the pages over the apply buttons.
    auto* notes = new QWidget(this);
    auto* notesLayout = new QVBoxLayout(notes);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->setSpacing(2);
    notesLayout->addWidget(status_);
    notesLayout->addWidget(summary_);
    notesLayout->addStretch(1);
    auto* notesScroll = notes_ = new QScrollArea(this);
    notesScroll->setObjectName("calibrationNotes");
    notesScroll->setWidget(notes);
    notesScroll->setWidgetResizable(true);
    notesScroll->setFrameShape(QFrame::NoFrame);
    notesScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);


    // Measure, then the fit's outcome, page by page: the dock stays short
    // enough to leave the inspector room above it.
    tabs_ = new QTabWidget(this);
    auto* measurePage = new QWidget(tabs_);
    auto* measureLayout = new QVBoxLayout(measurePage);
    measureLayout->setContentsMargins(4, 4, 4, 4);
    measure_ = new MeasureSection(model, measurePage);
    measureLayout->addWidget(measure_);
    params_ = new QTableWidget(tabs_);
    params_->setObjectName("fittedValues");
    setupParamTable(params_);
    params_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    validation_ = new QTableWidget(tabs_);
    validation_->setObjectName("validationPoints");
    setupValidationTable(validation_);

    auto* seriesPage = new QWidget(tabs_);
    series_ = new QTableWidget(seriesPage);
    series_->setObjectName("measuredSeries");
    series_->setColumnCount(3);
    series_->setHorizontalHeaderLabels({tr("Series"), tr("On the chart"), tr("Error or note")});
    series_->verticalHeader()->hide();
    series_->verticalHeader()->setDefaultSectionSize(series_->fontMetrics().height() + 8);
    series_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    series_->horizontalHeader()->setStretchLastSection(true);
    series_->setWordWrap(false);
    import_ = new QPushButton(tr("Import CSV..."), seriesPage);
    import_->setToolTip(tr("A CSV with columns x, y and optionally series, in SI units, drawn over the sweep chart"));
    clearImported_ = new QPushButton(tr("Clear imported"), seriesPage);
    showMeasured_ = new QCheckBox(tr("Measured on the sweep chart"), seriesPage);
    showMeasured_->setChecked(true);
    showBand_ = new QCheckBox(tr("Uncertainty band"), seriesPage);
    showBand_->setChecked(true);
    showBand_->setToolTip(tr("A 95% band on the speedup/time chart from the calibrated parameters' intervals"));
    bandNote_ = wrapLabel(seriesPage);
    // Two rows: the dock shares a 1280x800 window's right column (about
    // 380 px), and one row of four would push the page wider than that.
    auto* seriesButtons = new QGridLayout;
    seriesButtons->addWidget(import_, 0, 0);
    seriesButtons->addWidget(clearImported_, 0, 1);
    seriesButtons->addWidget(showMeasured_, 1, 0);
    seriesButtons->addWidget(showBand_, 1, 1);
    seriesButtons->setColumnStretch(2, 1);
    auto* seriesLayout = new QVBoxLayout(seriesPage);
    seriesLayout->setContentsMargins(4, 4, 4, 4);
    seriesLayout->addWidget(series_, 1);
    seriesLayout->addWidget(bandNote_);
    seriesLayout->addLayout(seriesButtons);

    // The warnings say why a fitted value is not applied: they sit under the
    // fitted values' table, on its page (a page of their own made seven tabs,
    // which a 1280 x 800 window's right column could only show elided).
    auto* fittedPage = new QSplitter(Qt::Vertical, tabs_);
    fittedPage->setObjectName("fittedPage");
    fittedPage->setChildrenCollapsible(false);
    params_->setParent(fittedPage);
    fittedPage->addWidget(params_);
    auto* warnBox = new QWidget(fittedPage);
    warningsTitle_ = new QLabel(tr("<b>Warnings</b>"), warnBox);
    auto* warnScroll = new QScrollArea(warnBox);
    warnScroll->setObjectName("warningsArea");
    warnings_ = wrapLabel(warnScroll);
    warnings_->setObjectName("calibrationWarnings");
    warnings_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    warnings_->setMargin(6);
    warnScroll->setWidget(warnings_);
    warnScroll->setWidgetResizable(true);
    warnScroll->setMinimumHeight(3 * warnings_->fontMetrics().height());
    auto* warnLayout = new QVBoxLayout(warnBox);
    warnLayout->setContentsMargins(4, 4, 4, 0);
    warnLayout->setSpacing(2);
    warnLayout->addWidget(warningsTitle_);
    warnLayout->addWidget(warnScroll, 1);
    fittedPage->addWidget(warnBox);
    fittedPage->setStretchFactor(0, 3);
    fittedPage->setStretchFactor(1, 2);

    tabs_->addTab(measurePage, tr("Measure"));
    tabs_->addTab(fittedPage, tr("Fitted"));
    tabs_->addTab(validation_, tr("Checks"));
    tabs_->addTab(seriesPage, tr("Series"));
    // The page scrolls when the dock is shorter than its table's four rows and the controls under it.
    auto* verifyPage = new QScrollArea(tabs_);
    verifyPage->setObjectName("verifyPage");
    verifyPage->setWidgetResizable(true);
    verifyPage->setFrameShape(QFrame::NoFrame);
    verifyPage->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verify_ = new VerifySection(model, sweep, verifyPage);
    verify_->setContentsMargins(4, 4, 4, 4);
    verifyPage->setWidget(verify_);
    tabs_->addTab(verifyPage, tr("Verify"));
    // The page takes the dock's height and width and does not scroll: its tables share a splitter and fit their
    // columns to the dock (FitSection; issue 48, cramped at 1280x800: it scrolled, and its fitted inputs' table
    // ran past the dock on the right).
    auto* fitPage = new QWidget(tabs_);
    fitPage->setObjectName("fitPage");
    fit_ = new FitSection(model, fitPage);
    auto* fitLayout = new QVBoxLayout(fitPage);
    fitLayout->setContentsMargins(4, 4, 4, 4);
    fitLayout->addWidget(fit_);
    tabs_->addTab(fitPage, tr("Program"));
    // Every page's tab on show in the narrow right column (issue 34, defect
    // 12): six short names, with 6 px less padding each, read whole at its 384 px; squeezed and elided
    // rather than behind scroll arrows when it is narrower, the whole name
    // in the tooltip.
    tabs_->setUsesScrollButtons(false);
    tabs_->setElideMode(Qt::ElideRight);
    tightenTabs(tabs_->tabBar(), 6);
    const QStringList pageNames{tr("Measure: the probes for this design"), QString(), // Fitted: setWarnings
                                tr("Checks: each fit's error at the points it saw and at those held out"),
                                tr("Measured series on the sweep chart"),
                                tr("Verify: the application on live nodes against the prediction"),
                                tr("Program: a formula block's inputs fitted to runs of your program")};
    for (int i = 0; i < tabs_->count() && i < pageNames.size(); ++i)
        tabs_->setTabToolTip(i, pageNames[i]);
    setWarnings({});

    apply_ = new QPushButton(tr("Apply to design"), this);
    apply_->setObjectName("applyCalibration");
    apply_->setToolTip(tr("Set the fitted values with their provenance (one undo step)"));
    revert_ = new QPushButton(tr("Revert to defaults"), this);
    revert_->setToolTip(tr("Set the selected fitted inputs (or, with none selected, every calibrated input) back "
                           "to the block's default (one undo step)"));
    acceptPoor_ = new QCheckBox(tr("Accept poor fits"), this);
    acceptPoor_->setObjectName("acceptPoorFits");
    acceptPoor_->setToolTip(tr("Also apply the values that fail the quality limits (low R\u00b2, held-out error, "
                               "zero-width interval, clamped, not identifiable); the warnings under the fitted values say why each fails"));
    preferCalibrated_ = new QPushButton(tr("Let calibrated stand"), this);
    preferCalibrated_->setObjectName("preferCalibrated");
    preferCalibrated_->setToolTip(tr("Where the drawn network overrides a calibrated value (G below 1/B_net), let the "
                                     "calibrated value stand (sets G_floor = none; one undo step)"));
    // The options above the buttons, for the same reason as seriesButtons.
    auto* applyRow = new QGridLayout;
    applyRow->addWidget(acceptPoor_, 0, 0);
    applyRow->addWidget(preferCalibrated_, 0, 1, 1, 2, Qt::AlignRight);
    applyRow->addWidget(revert_, 1, 1);
    applyRow->addWidget(apply_, 1, 2);
    applyRow->setColumnStretch(0, 1);

    // The pages take the height the dock has, whatever their tables would
    // like, down to a few rows (MainWindow does not put this panel in a
    // scroll area: one laid it out at its preferred height and pushed the
    // apply buttons out of sight on a 1280x800 window).
    tabs_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    tabs_->setMinimumHeight(100);

    // The probes' calibration (Calibrate, its hold-out, its notes, its Apply and "Accept poor fits") around the
    // pages; the Verify and Program pages have buttons of their own, and while one of them is shown those rows
    // are hidden: the Program page had two "Accept poor fit" boxes, and too little height in a 1280x800 window's
    // right column to show its fitted value and its points without floating the dock (issue 48).
    auto* calBox = new QWidget(this);
    calBox->setObjectName("probeCalibrationRow");
    calRow->setContentsMargins(0, 0, 0, 0);
    calBox->setLayout(calRow);
    auto* applyBox = new QWidget(this);
    applyBox->setObjectName("probeApplyRow");
    applyRow->setContentsMargins(0, 0, 0, 0);
    applyBox->setLayout(applyRow);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(calBox);
    layout->addWidget(notesScroll);
    layout->addWidget(tabs_, 1);
    layout->addWidget(applyBox);
    connect(tabs_, &QTabWidget::currentChanged, this, [this, calBox, applyBox, notesScroll, verifyPage, fitPage] {
        const bool probes = tabs_->currentWidget() != verifyPage && tabs_->currentWidget() != fitPage;
        calBox->setVisible(probes);
        notesScroll->setVisible(probes);
        applyBox->setVisible(probes);
    });

    if (sweep) {
        overlay_ = new SweepOverlay(model, sweep, this);
        connect(overlay_, &SweepOverlay::drawn, this, &CalibrationPanel::refreshSeries);
    } else {
        showMeasured_->setEnabled(false);
        showBand_->setEnabled(false);
        import_->setEnabled(false);
    }

    connect(calibrate_, &QPushButton::clicked, this, &CalibrationPanel::calibrate);
    connect(apply_, &QPushButton::clicked, this, &CalibrationPanel::apply);
    connect(revert_, &QPushButton::clicked, this, &CalibrationPanel::revertToDefaults);
    connect(preferCalibrated_, &QPushButton::clicked, this, &CalibrationPanel::preferCalibrated);
    connect(acceptPoor_, &QCheckBox::toggled, this, [this] {
        if (report_)
            setStatus(fittedStatus(*report_));
        updateButtons();
    });
    connect(import_, &QPushButton::clicked, this, &CalibrationPanel::importCsv);
    connect(clearImported_, &QPushButton::clicked, this, [this] {
        if (!overlay_)
            return;
        if (const QString err = overlay_->clearImported(); !err.isEmpty())
            setStatus(tr("Cannot clear the imported series: %1").arg(err), true);
    });
    connect(showMeasured_, &QCheckBox::toggled, this, [this](bool on) {
        if (overlay_)
            overlay_->setShowMeasured(on);
    });
    connect(showBand_, &QCheckBox::toggled, this, [this](bool on) {
        if (overlay_)
            overlay_->setShowBand(on);
    });
    connect(&watcher_, &QFutureWatcherBase::finished, this, &CalibrationPanel::onCalibrated);
    connect(measure_, &MeasureSection::runFinished, this, [this](int ok, int, int) {
        if (ok > 0)
            calibrate(); // measure -> fit: the usual next step
    });
    connect(model_, &DocumentModel::documentReset, this, [this] {
        // Another document: nothing of the previous one's fit stays on show,
        // and a fit still running for it is dropped when it ends.
        ++generation_;
        report_.reset();
        setStatus(QString());
        tabs_->setCurrentIndex(0);
        showStoredReport();
        refreshSeries();
    });
    connect(model_, &DocumentModel::resultsChanged, this, [this] {
        if (!report_)
            showStoredReport();
        updateButtons();
        refreshSeries();
    });
    connect(model_, &DocumentModel::designChanged, this, &CalibrationPanel::updateButtons);
    connect(model_, &DocumentModel::topologyChanged, this, &CalibrationPanel::refreshWarnings);
    connect(params_, &QTableWidget::itemSelectionChanged, this, &CalibrationPanel::updateButtons);
    showStoredReport();
    refreshSeries();
}

CalibrationPanel::~CalibrationPanel()
{
    watcher_.waitForFinished();
}

QString CalibrationPanel::statusText() const
{
    return status_->text();
}

QString CalibrationPanel::summaryText() const
{
    return summary_->text();
}

void CalibrationPanel::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000" : "");
    status_->setVisible(!text.isEmpty());
    fitNotes();
}

void CalibrationPanel::fitNotes()
{
    if (!notes_)
        return;
    const int width = std::max(notes_->viewport()->width(), 100);
    const int text = notes_->widget()->layout()->totalHeightForWidth(width);
    const int line = status_->fontMetrics().lineSpacing();
    notes_->setFixedHeight(std::clamp(text, line + 2, 5 * line + 8));
}

void CalibrationPanel::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    fitNotes();
}

void CalibrationPanel::calibrate()
{
    if (watcher_.isRunning())
        return;
    const DesignDocument doc = model_->doc();
    if (!doc.measured.is_array() || doc.measured.empty()) {
        setStatus(tr("No probe results in the document yet: measure first (or run probes in the Probes panel)"), true);
        return;
    }
    calib::CalibrationOptions options;
    options.holdOutFraction = holdOut_->value() / 100.0;
    options.format = plots::formatOptions(); // read here: the fit runs off the GUI thread
    setStatus(tr("fitting..."));
    calibrate_->setEnabled(false);
    fitGeneration_ = generation_;
    watcher_.setFuture(QtConcurrent::run([doc, options] {
        auto out = std::make_shared<CalibrationOutcome>();
        try {
            out->report = calib::calibrate(doc, doc.measured, options);
        } catch (const ModelError& e) {
            out->error = QString::fromStdString(e.what());
        } catch (const std::exception& e) {
            out->error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void CalibrationPanel::onCalibrated()
{
    calibrate_->setEnabled(true);
    const std::shared_ptr<CalibrationOutcome> out = watcher_.result();
    if (!out || fitGeneration_ != generation_)
        return;
    if (!out->error.isEmpty()) {
        setStatus(tr("Calibration failed: %1").arg(out->error), true);
        return;
    }
    showReport(out->report, {});
    if (!out->report.params.empty())
        tabs_->setCurrentIndex(kFittedTab);
    setStatus(out->report.params.empty() ? tr("Nothing could be calibrated; the Fitted page's warnings say why")
                                         : fittedStatus(out->report),
              out->report.params.empty());
    emit calibrated();
}

QString CalibrationPanel::fittedStatus(const calib::CalibrationReport& report) const
{
    // What Apply would do, said now: the same count and reasons as after it.
    calib::ApplyOptions options;
    options.acceptPoorFits = acceptPoor_->isChecked();
    options.format = plots::formatOptions();
    const calib::CalibrationPlan plan = calib::planCalibration(model_->doc(), report, options);
    const std::vector<std::string>& skipped = plan.skipped;
    const std::size_t applicable = plan.changes.size();
    const int fitted = static_cast<int>(report.params.size());
    if (skipped.empty())
        return tr("Fitted %n input(s); check them, then Apply", "", fitted);
    return tr("Fitted %1 input(s); Apply can set %2 of them, %3 not (%4)")
        .arg(fitted)
        .arg(applicable)
        .arg(skipped.size())
        .arg(q(skipped.front()) + (skipped.size() > 1 ? tr("; the Fitted page's warnings say the rest") : QString()));
}

void CalibrationPanel::showReport(const calib::CalibrationReport& report, const QString& origin)
{
    report_ = report;
    fillParamTable(params_, report);
    std::map<std::string, std::pair<std::string, std::string>> units;
    try {
        for (const calib::MeasuredSeries& s : calib::measuredSeries(model_->doc().measured))
            units[s.name] = {s.xUnit, s.yUnit};
    } catch (const ModelError&) {
        // units are only for display
    }
    fillValidationTable(validation_, report, units);
    QString summary = reportSummary(report);
    if (const QString story = r2Story(report); !story.isEmpty())
        summary += " " + story;
    if (!origin.isEmpty())
        summary = origin + " " + summary;
    summary_->setText(summary);
    fitNotes();
    refreshWarnings();
    updateButtons();
}

void CalibrationPanel::refreshWarnings()
{
    QStringList w;
    if (report_)
        for (const std::string& s : report_->warnings)
            w << "• " + q(s);
    // Calibrated inputs from a network the drawing no longer is (LiveNetwork.h).
    for (const std::string& s : calib::changedNetworkNotes(model_->doc()))
        w << "• " + q(s);
    setWarnings(w);
}

void CalibrationPanel::setWarnings(const QStringList& w)
{
    warnings_->setText(w.isEmpty() ? tr("No warnings.") : w.join("\n"));
    warningsTitle_->setText(w.isEmpty() ? tr("<b>Warnings</b>") : tr("<b>Warnings (%1)</b>").arg(w.size()));
    // While there are any, the Fitted tab's name is in the warning colour and its tooltip counts them (a
    // sign beside the name would cost the tab bar the room it has at 1280 x 800).
    tabs_->tabBar()->setTabTextColor(kFittedTab, w.isEmpty() ? QColor() : QColor(0xb0, 0x50, 0x00));
    tabs_->setTabToolTip(kFittedTab, tr("Fitted values and their intervals, and the warnings: why a fit is not applied") +
                                         (w.isEmpty() ? QString() : tr(" (%n warning(s))", "", int(w.size()))));
}

void CalibrationPanel::showStoredReport()
{
    const nlohmann::json& cal = model_->doc().calibration;
    if (!cal.is_array() || cal.empty()) {
        report_.reset();
        params_->setRowCount(0);
        validation_->setRowCount(0);
        summary_->setText(tr("Measure, then Calibrate: the fitted values, their 95% intervals and the validation "
                             "error show here."));
        fitNotes();
        setWarnings({});
        updateButtons();
        return;
    }
    try {
        const calib::CalibrationReport r = calib::reportFromJson(cal.back());
        showReport(r, tr("Applied calibration of %1.").arg(q(r.time)));
    } catch (const ModelError& e) {
        summary_->setText(tr("The document's calibration record cannot be read: %1").arg(q(e.what())));
        fitNotes();
    }
}


QString CalibrationPanel::importCsvFrom(const QString& path)
{
    if (!overlay_)
        return tr("there is no sweep chart to draw on");
    std::vector<calib::MeasuredSeries> series;
    try {
        series = calib::readMeasuredCsv(path.toStdString());
    } catch (const ModelError& e) {
        return QString::fromStdString(e.what());
    }
    if (const QString err = overlay_->addImported(series, QFileInfo(path).fileName()); !err.isEmpty())
        return err;
    tabs_->setCurrentIndex(kSeriesTab);
    return {};
}

void CalibrationPanel::importCsv()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import measured CSV"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString err = importCsvFrom(path);
    if (!err.isEmpty())
        QMessageBox::warning(this, tr("Import measured CSV"), err);
    else
        setStatus(tr("Imported %1").arg(QFileInfo(path).fileName()));
}

void CalibrationPanel::refreshSeries()
{
    series_->setRowCount(0);
    auto add = [this](const QString& name, const QString& from, const QString& on, const QString& note, bool good) {
        const int r = series_->rowCount();
        series_->insertRow(r);
        const bool probe = from == tr("probe results");
        const QStringList cells = {probe ? name : QString("%1 (%2)").arg(name, from), on, note};
        for (int c = 0; c < 3; ++c) {
            auto* it = new QTableWidgetItem(cells[c]);
            it->setToolTip(c == 0 ? tr("%1, from %2").arg(name, from) : cells[c]);
            series_->setItem(r, c, it);
        }
        series_->item(r, 1)->setForeground(good ? QColor(0x1e, 0x7a, 0x2e) : QColor(120, 120, 120));
    };
    if (overlay_) {
        // The series on the chart first.
        for (bool drawn : {true, false})
            for (const SeriesState& s : overlay_->seriesStates())
                if (s.drawn == drawn)
                    add(s.name, s.source, s.drawn ? tr("yes") : tr("no"), s.note, s.drawn);
        bandNote_->setText(overlay_->bandNote());
        bandNote_->setVisible(!overlay_->bandNote().isEmpty());
    } else if (model_->doc().measured.is_array() && !model_->doc().measured.empty()) {
        try {
            for (const calib::MeasuredSeries& s : calib::measuredSeries(model_->doc().measured, &model_->doc()))
                add(q(s.name), tr("probe results"), tr("no"), tr("%1 points").arg(s.x.size()), false);
        } catch (const ModelError& e) {
            add(tr("probe results"), {}, tr("no"), q(e.what()), false);
        }
    }
    series_->resizeColumnsToContents();
}

} // namespace cs::app::calibration
