#include "app/gui/mainwindow/PreferencesDialog.h"
#include "app/plots/RateUnit.h"
#include "app/runner/Node.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <stdexcept>

namespace cs::app {

namespace {
constexpr const char* kAutosave = "autosave/seconds";
constexpr const char* kNodes = "nodes/default";
constexpr int kDefaultAutosaveSeconds = 30;
} // namespace

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName("preferencesDialog");
    setWindowTitle(tr("Preferences"));
    auto* form = new QFormLayout;
    bandwidth_ = new QComboBox(this);
    bandwidth_->addItem(tr("whichever reads rounder"), int(plots::RateFamily::Auto));
    bandwidth_->addItem(tr("bits per second (Mbit/s, Gbit/s)"), int(plots::RateFamily::Bits));
    bandwidth_->addItem(tr("bytes per second (MB/s, GB/s)"), int(plots::RateFamily::Bytes));
    bandwidth_->setCurrentIndex(bandwidth_->findData(int(plots::ratePreference())));
    bandwidth_->setToolTip(tr("One unit per view: link labels, the inspector's rates and the metrics"));
    form->addRow(tr("Bandwidths in:"), bandwidth_);
    prefixes_ = new QComboBox(this);
    prefixes_->addItem(tr("as usually quoted (sizes KiB, MiB; network rates MB/s)"), int(BytePrefixes::Conventional));
    prefixes_->addItem(tr("SI, powers of 1000 (KB, MB, MB/s)"), int(BytePrefixes::SI));
    prefixes_->addItem(tr("binary, powers of 1024 (KiB, MiB, MiB/s)"), int(BytePrefixes::Binary));
    prefixes_->setCurrentIndex(prefixes_->findData(int(plots::prefixPreference())));
    prefixes_->setToolTip(tr("How sizes and byte rates are written everywhere: charts, tables, forms, probe "
                             "results and link labels (bit rates are always SI: Mbit/s, Gbit/s)"));
    form->addRow(tr("Byte prefixes:"), prefixes_);
    autosave_ = new QSpinBox(this);
    autosave_->setRange(5, 3600);
    autosave_->setSuffix(tr(" s"));
    autosave_->setValue(autosaveIntervalMs() / 1000);
    autosave_->setToolTip(tr("How often unsaved work is written to a recovery file"));
    form->addRow(tr("Autosave every:"), autosave_);
    nodes_ = new QLineEdit(defaultNodeList(), this);
    nodes_->setPlaceholderText("local:cpu=0,local:cpu=1");
    nodes_->setToolTip(tr("The nodes a new design starts with, as clusterscope-cli --nodes takes them: "
                          "local:cpu=0, ssh:user@host, mpi:2, slurm:node[01-04]"));
    form->addRow(tr("Nodes of a new design:"), nodes_);
    error_ = new QLabel(this);
    error_->setObjectName("preferencesError");
    error_->setWordWrap(true);
    error_->setStyleSheet("color: #b00000");
    error_->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(error_);
    layout->addWidget(buttons);
}

QString PreferencesDialog::error() const
{
    return error_->isHidden() ? QString() : error_->text();
}

int PreferencesDialog::autosaveIntervalMs()
{
    const int s = QSettings().value(kAutosave, kDefaultAutosaveSeconds).toInt();
    return 1000 * (s >= 5 ? s : kDefaultAutosaveSeconds);
}

QString PreferencesDialog::defaultNodeList()
{
    return QSettings().value(kNodes).toString();
}

void PreferencesDialog::accept()
{
    const QString nodes = nodes_->text().trimmed();
    if (!nodes.isEmpty()) {
        try {
            if (const std::string problem = runner::checkNodes(runner::parseNodeSpec(nodes.toStdString()));
                !problem.empty())
                throw std::invalid_argument(problem);
        } catch (const std::invalid_argument& e) {
            error_->setText(tr("Nodes of a new design: %1").arg(QString::fromStdString(e.what())));
            error_->show();
            return;
        }
    }
    plots::setRatePreference(static_cast<plots::RateFamily>(bandwidth_->currentData().toInt()));
    plots::setPrefixPreference(static_cast<BytePrefixes>(prefixes_->currentData().toInt()));
    QSettings settings;
    settings.setValue(kAutosave, autosave_->value());
    settings.setValue(kNodes, nodes);
    error_->hide();
    QDialog::accept();
}

} // namespace cs::app
