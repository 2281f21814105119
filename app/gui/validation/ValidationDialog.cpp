#include "app/gui/validation/ValidationDialog.h"
#include "model/core/ModelError.h"
#include "model/validation/Validation.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace cs {

namespace {

QString percent(double rel)
{
    return std::isnan(rel) ? QString("-") : QString::asprintf("%+.1f%%", rel * 100.0);
}

QColor verdictColour(Verdict v)
{
    switch (v) {
    case Verdict::Within: return QColor(200, 235, 200);
    case Verdict::Off: return QColor(245, 205, 200);
    case Verdict::Fitted: return QColor(225, 225, 240);
    case Verdict::NotModelled: return QColor(235, 235, 235);
    }
    return {};
}

} // namespace

ValidationDialog::ValidationDialog(const std::string& presetDirectory, QWidget* parent) : QDialog(parent)
{
    setObjectName("validationDialog");
    setWindowTitle(tr("Validation against the papers"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Every quantitative claim of the seed papers that the presets model. Only "
                                "predictions count as checks: a claim reproduced by a parameter fitted to it "
                                "is shown as fitted. The same report: clusterscope-cli validate."),
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
    table_->verticalHeader()->setVisible(false);
    layout->addWidget(table_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("validationSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    try {
        const std::vector<Claim> claims = loadClaims(presetDirectory + "/claims");
        const ValidationReport report = validateClaims(claims, presetDirectory);
        table_->setRowCount(static_cast<int>(report.results.size()));
        int row = 0;
        for (const ClaimResult& r : report.results) {
            const Claim& c = *r.claim;
            const QString paper = QString::fromStdString(
                (c.compare == "atLeast" ? ">= " : c.compare == "atMost" ? "<= " : "") + claimValueText(c, c.paper));
            const QString basis = r.verdict == Verdict::NotModelled ? "-"
                                  : r.verdict == Verdict::Fitted    ? tr("fitted")
                                                                    : tr("predicted");
            const QStringList cells{
                QString::fromStdString(c.seed.substr(0, 3) + " " + c.section + (c.figure.empty() ? "" : " " + c.figure)),
                QString::fromStdString(c.quantity),
                QString::fromStdString(c.model.preset),
                paper,
                QString::fromStdString(claimValueText(c, r.model)),
                percent(r.relError),
                basis,
                QString::fromStdString(verdictText(r.verdict, c)),
                QString::fromStdString(r.reason)};
            for (int col = 0; col < cells.size(); ++col) {
                auto* item = new QTableWidgetItem(cells[col]);
                item->setToolTip(col == 1 ? QString::fromStdString(c.text) : cells[col]);
                if (col == 7)
                    item->setBackground(verdictColour(r.verdict));
                table_->setItem(row, col, item);
            }
            ++row;
        }
        summary_->setText(tr("%1 claims: %2 predictions within tolerance, %3 off, %4 fitted (not counted as "
                             "checks), %5 not modelled")
                              .arg(report.results.size())
                              .arg(report.within)
                              .arg(report.off)
                              .arg(report.fitted)
                              .arg(report.notModelled));
    } catch (const ModelError& e) {
        summary_->setText(tr("The claims catalogue could not be read: %1").arg(QString::fromStdString(e.what())));
    }
    table_->resizeColumnsToContents();
    table_->setColumnWidth(1, std::min(table_->columnWidth(1), 320));
    table_->setColumnWidth(8, std::min(table_->columnWidth(8), 600));
    table_->setWordWrap(true);
    table_->horizontalHeader()->setStretchLastSection(true);
    resize(1300, 700);
}

QString ValidationDialog::summary() const
{
    return summary_->text();
}

} // namespace cs
