#include "app/gui/validation/ValidationDialog.h"
#include "model/core/NumberFormat.h"
#include "app/gui/widgets/ScreenFit.h"
#include "model/core/AtomicFile.h"
#include "model/core/ModelError.h"
#include "model/validation/ReportExport.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace cs {

namespace {

QString percent(double rel)
{
    return QString::fromStdString(formatPercent(rel, 1, true));
}

QColor verdictColour(Verdict v)
{
    switch (v) {
    case Verdict::Within: return QColor(200, 235, 200);
    case Verdict::Off: return QColor(245, 205, 200);
    case Verdict::Fitted: return QColor(225, 225, 240);
    case Verdict::NotModelled: return QColor(235, 235, 235);
    case Verdict::NoCheck: return QColor(245, 240, 215);
    }
    return {};
}

// Sorts by a number (Qt::UserRole) when both cells carry one; a cell without
// one ("-") sorts after every number, so an ascending error column starts at
// the largest underestimate and ends with the claims that have no value.
class SortItem final : public QTableWidgetItem {
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override
    {
        const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
        if (a.isValid() || b.isValid()) {
            if (!a.isValid())
                return false;
            if (!b.isValid())
                return true;
            return a.toDouble() < b.toDouble();
        }
        return QTableWidgetItem::operator<(other);
    }
};

constexpr int kClaimIdRole = Qt::UserRole + 1; // on column 0: the claim's id, for the fit

} // namespace

ValidationDialog::ValidationDialog(const std::string& presetDirectory, QWidget* parent)
    : QDialog(parent), presetDirectory_(presetDirectory)
{
    setObjectName("validationDialog");
    setWindowTitle(tr("Validation against the papers"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Every quantitative claim of the seed papers that the presets model. Only "
                                "predictions count as checks: a claim reproduced by a parameter fitted to it "
                                "is shown as fitted, an input taken from the claim's sentence or a bound or value "
                                "no parameter can move as no check. Click a header to sort. Select claims and "
                                "Fit to selected to fit the parameters that matter to them and see the other "
                                "claims predicted. The same report: clusterscope-cli validate [--fit]."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    table_ = new QTableWidget(this);
    table_->setObjectName("validationTable");
    const QStringList headers{tr("Seed, section, figure"), tr("Quantity"), tr("Preset"), tr("Paper"), tr("Model"),
                              tr("Error"),                 tr("Basis"),    tr("Verdict"), tr("Reason")};
    table_->setColumnCount(headers.size());
    table_->setHorizontalHeaderLabels(headers);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->setVisible(false);
    table_->setWordWrap(true);
    table_->setTextElideMode(Qt::ElideNone);
    layout->addWidget(table_, 1);
    fitLabel_ = new QLabel(this);
    fitLabel_->setObjectName("validationFit");
    fitLabel_->setWordWrap(true);
    fitLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fitLabel_->hide();
    layout->addWidget(fitLabel_);
    summary_ = new QLabel(this);
    summary_->setObjectName("validationSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    fitButton_ = buttons->addButton(tr("Fit to selected"), QDialogButtonBox::ActionRole);
    fitButton_->setObjectName("validationFitButton");
    fitButton_->setToolTip(tr("Fit the assumed or fitted parameters that matter to the selected claims "
                              "(Levenberg-Marquardt), then show every other claim as a prediction. "
                              "The presets are not changed."));
    resetButton_ = buttons->addButton(tr("Presets as they are"), QDialogButtonBox::ActionRole);
    resetButton_->setObjectName("validationResetButton");
    resetButton_->setEnabled(false);
    QPushButton* exportButton = buttons->addButton(tr("Export..."), QDialogButtonBox::ActionRole);
    exportButton->setObjectName("validationExport");
    connect(fitButton_, &QPushButton::clicked, this, [this] { fitTo(); });
    connect(resetButton_, &QPushButton::clicked, this, &ValidationDialog::showPresets);
    connect(exportButton, &QPushButton::clicked, this, &ValidationDialog::exportAsked);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&fitWatcher_, &QFutureWatcher<FitOutcome>::finished, this, &ValidationDialog::fitDone);
    layout->addWidget(buttons);

    try {
        claims_ = loadClaims(presetDirectory + "/claims");
        presetsReport_ = validateClaims(claims_, presetDirectory);
        report_ = presetsReport_;
        showReport();
    } catch (const ModelError& e) {
        summary_->setText(tr("The claims catalogue could not be read: %1").arg(QString::fromStdString(e.what())));
        fitButton_->setEnabled(false);
    }
    table_->resizeColumnsToContents();
    table_->setColumnWidth(1, std::min(table_->columnWidth(1), 260));
    table_->setColumnWidth(8, std::min(table_->columnWidth(8), 340)); // the last column stretches to the rest
    table_->horizontalHeader()->setStretchLastSection(true);
    // Rows grow to the wrapped reason (and quantity), also after a resize.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSortIndicatorShown(true);
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // the catalogue's order until asked
    // The walkthrough's 1280x800 screen, with the dialog's frame on it: its Close button and Reason column show.
    resize(app::sizeOnScreen(this, QSize(1280, 700)));
}

ValidationDialog::~ValidationDialog()
{
    fitWatcher_.waitForFinished(); // the fit reads claims_: it may not outlive them
}

void ValidationDialog::showReport()
{
    // Filling a sorted table moves rows under the loop: sort after, in the order the user chose.
    const int sortColumn = table_->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = table_->horizontalHeader()->sortIndicatorOrder();
    table_->setSortingEnabled(false);
    table_->clearContents();
    table_->setRowCount(static_cast<int>(report_.results.size()));
    int row = 0;
    for (const ClaimResult& r : report_.results) {
        const Claim& c = *r.claim;
        const QStringList cells{
            QString::fromStdString(c.seed.substr(0, 3) + " " + c.section + (c.figure.empty() ? "" : " " + c.figure)),
            QString::fromStdString(c.quantity),
            QString::fromStdString(c.model.preset),
            QString::fromStdString(claimPaperText(c)),
            QString::fromStdString(claimValueText(c, r.model)),
            percent(r.relError),
            QString::fromStdString(claimBasis(r.verdict)),
            QString::fromStdString(verdictText(r.verdict, c)),
            QString::fromStdString(r.reason)};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new SortItem(cells[col]);
            item->setToolTip(col == 1 ? QString::fromStdString(c.text) : cells[col]);
            if (col == 0)
                item->setData(kClaimIdRole, QString::fromStdString(c.id));
            if (col == 3)
                item->setData(Qt::UserRole, c.paper);
            if (col == 4 && !std::isnan(r.model))
                item->setData(Qt::UserRole, r.model);
            if (col == 5 && !std::isnan(r.relError))
                item->setData(Qt::UserRole, r.relError);
            if (col == 7)
                item->setBackground(verdictColour(r.verdict));
            table_->setItem(row, col, item);
        }
        ++row;
    }
    summary_->setText(QString::fromStdString(validationSummary(report_)));
    table_->setSortingEnabled(true);
    if (sortColumn >= 0)
        table_->sortItems(sortColumn, order);
}

std::vector<std::string> ValidationDialog::selectedClaims() const
{
    std::vector<std::string> ids;
    for (int row = 0; row < table_->rowCount(); ++row)
        if (QTableWidgetItem* item = table_->item(row, 0); item && item->isSelected())
            ids.push_back(item->data(kClaimIdRole).toString().toStdString());
    return ids;
}

void ValidationDialog::fitTo(std::vector<std::string> ids)
{
    if (ids.empty())
        ids = selectedClaims();
    fitLabel_->show();
    if (ids.empty()) {
        fitLabel_->setText(tr("Select the claims to fit to (click a row, Ctrl+click for more), then Fit to selected."));
        emit fitFinished();
        return;
    }
    if (fitWatcher_.isRunning())
        return;
    fitButton_->setEnabled(false);
    fitLabel_->setText(tr("Fitting to %n claim(s)...", nullptr, static_cast<int>(ids.size())));
    ClaimFitOptions options;
    options.fitTo = std::move(ids);
    // The fit evaluates the presets hundreds of times: off the GUI thread. It
    // reads claims_, which lives as long as the dialog (the destructor waits).
    fitWatcher_.setFuture(QtConcurrent::run([this, options]() {
        FitOutcome out;
        try {
            out.result = fitClaims(claims_, presetDirectory_, options);
        } catch (const std::exception& e) {
            out.error = e.what();
        }
        return out;
    }));
}

void ValidationDialog::fitDone()
{
    fitButton_->setEnabled(true);
    const FitOutcome out = fitWatcher_.result();
    if (!out.error.empty()) {
        fitLabel_->setText(tr("The fit could not run: %1").arg(QString::fromStdString(out.error)));
        emit fitFinished();
        return;
    }
    QString text = tr("Fitted jointly (Levenberg-Marquardt, %1 evaluations, RMS relative miss %2), the presets "
                      "unchanged: ")
                       .arg(out.result.evaluations)
                       .arg(QString::asprintf("%.1f%%", out.result.rmsFit * 100.0));
    QStringList params;
    for (const ClaimFitParam& p : out.result.params)
        params << QString::fromStdString(p.preset + ":" + p.path + (p.variant.empty() ? "" : "@" + p.variant) + " " +
                                         p.shownBefore + " -> " + p.shownAfter);
    text += params.join("; ") + tr(". The claims fitted to show as fitted, every other claim is a prediction.");
    fitLabel_->setText(text);
    report_ = out.result.report;
    showReport();
    resetButton_->setEnabled(true);
    emit fitFinished();
}

void ValidationDialog::showPresets()
{
    report_ = presetsReport_;
    showReport();
    fitLabel_->hide();
    resetButton_->setEnabled(false);
}

QString ValidationDialog::fitText() const
{
    return fitLabel_->text();
}

QString ValidationDialog::summary() const
{
    return summary_->text();
}

QString ValidationDialog::exportTo(const QString& path) const
{
    const std::string text =
        path.endsWith(".md", Qt::CaseInsensitive) ? validationMarkdown(report_) : validationCsv(report_);
    if (const std::string e = tryWriteFileAtomically(path.toStdString(), text); !e.empty())
        return tr("cannot write %1: %2").arg(path, QString::fromStdString(e));
    return {};
}

void ValidationDialog::exportAsked()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the validation report"), "validation.csv",
                                                      tr("CSV (*.csv);;Markdown (*.md)"), &filter);
    if (path.isEmpty())
        return;
    if (const QString error = exportTo(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export"), error);
}

} // namespace cs
