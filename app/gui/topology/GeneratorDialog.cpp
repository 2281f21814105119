#include "app/gui/topology/GeneratorDialog.h"
#include "app/document/DocumentModel.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/topology/QuantitySpinBox.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/graph/TopologyFields.h"


#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <climits>

namespace cs::app {

namespace {

QString tooltipFor(const ParamSpec& p)
{
    QString t = QStringLiteral("<b>%1</b>: %2<br>range %3")
                    .arg(QString::fromStdString(p.symbol).toHtmlEscaped(), QString::fromStdString(p.meaning).toHtmlEscaped(),
                         inspector::rangeText(p).toHtmlEscaped());
    if (!p.source.empty())
        t += QStringLiteral("<br><i>source: %1</i>").arg(QString::fromStdString(p.source).toHtmlEscaped());
    return t;
}

QString plural(double n, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(QString::number(n, 'g', 10), QLatin1String(n == 1 ? one : many));
}

// "2 hosts", "1 switch": the kind's nouns from the one table (TopologyFields.h).
QString plural(double n, VertexKind k)
{
    const std::string_view word = vertexKindNoun(k, n);
    return QStringLiteral("%1 %2").arg(QString::number(n, 'g', 10),
                                       QLatin1String(word.data(), static_cast<qsizetype>(word.size())));
}

} // namespace

GeneratorDialog::GeneratorDialog(DocumentModel* model, QWidget* parent) : QDialog(parent), model_(model)
{
    setObjectName("generatorDialog");
    setWindowTitle(tr("Generate topology"));
    list_ = new QListWidget(this);
    list_->setObjectName("generatorList");
    for (const Generator* g : GeneratorRegistry::builtin().all()) {
        auto* item = new QListWidgetItem(QString::fromStdString(g->spec().title), list_);
        item->setData(Qt::UserRole, QString::fromStdString(g->spec().name));
        item->setToolTip(QString::fromStdString(g->spec().description));
    }
    list_->setMinimumWidth(list_->sizeHintForColumn(0) + 2 * list_->frameWidth() + 12);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    title_ = new QLabel(this);
    QFont tf = title_->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.15);
    title_->setFont(tf);
    description_ = new QLabel(this);
    description_->setWordWrap(true);
    source_ = new QLabel(this);
    source_->setWordWrap(true);
    source_->setStyleSheet("color: #6b7280;");
    preview_ = new QLabel(this);
    preview_->setObjectName("generatorPreview");
    preview_->setWordWrap(true);
    error_ = new QLabel(this);
    error_->setObjectName("generatorError");
    error_->setWordWrap(true);
    error_->setStyleSheet("color: #b91c1c;");

    auto* right = new QVBoxLayout;
    right->addWidget(title_);
    right->addWidget(description_);
    right->addWidget(source_);
    form_ = new QWidget(this);
    grid_ = new QGridLayout(form_);
    grid_->setContentsMargins(0, 8, 0, 8);
    grid_->setColumnStretch(2, 1);
    right->addWidget(form_);
    right->addStretch(1);
    right->addWidget(preview_);
    right->addWidget(error_);
    stage_ = new QLabel(this);
    stage_->setObjectName("generatorStage");
    stage_->hide();
    progress_ = new QProgressBar(this);
    progress_->setObjectName("generatorProgress");
    progress_->setRange(0, 0); // busy: generate() reports no fraction
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(8);
    progress_->hide();
    right->addWidget(stage_);
    right->addWidget(progress_);
    stagePoll_ = new QTimer(this);
    stagePoll_->setInterval(100);
    connect(stagePoll_, &QTimer::timeout, this, [this] {
        if (job_)
            stage_->setText(job_->stage.load() >= 2 ? tr("Laying the network out\u2026")
                                                    : tr("Building the network\u2026"));
    });
    connect(&watcher_, &QFutureWatcher<Built>::finished, this, &GeneratorDialog::built);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Place"));
    connect(buttons_, &QDialogButtonBox::accepted, this, &GeneratorDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &GeneratorDialog::reject);

    auto* top = new QHBoxLayout;
    top->addWidget(list_);
    top->addLayout(right, 1);
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(top, 1);
    outer->addWidget(buttons_);

    connect(list_, &QListWidget::currentRowChanged, this, &GeneratorDialog::showGenerator);
    list_->setCurrentRow(0);
    resize(760, 520);
}

bool GeneratorDialog::selectGenerator(const QString& name)
{
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->data(Qt::UserRole).toString() == name) {
            list_->setCurrentRow(i);
            return true;
        }
    return false;
}

void GeneratorDialog::showGenerator(int row)
{
    if (row < 0)
        return;
    gen_ = GeneratorRegistry::builtin().find(list_->item(row)->data(Qt::UserRole).toString().toStdString());
    if (!gen_)
        return;
    const GeneratorSpec& s = gen_->spec();
    title_->setText(QString::fromStdString(s.title));
    description_->setText(QString::fromStdString(s.description));
    source_->setText(tr("Source: %1").arg(QString::fromStdString(s.source)));

    // A fresh form: one row per parameter (symbol, editor, meaning).
    for (QWidget* w : form_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        delete w;
    editors_.clear();
    int r = 0;
    for (const ParamSpec& p : s.params) {
        const QString tip = tooltipFor(p);
        auto* sym = new QLabel(QStringLiteral("<b>%1</b>").arg(QString::fromStdString(p.symbol).toHtmlEscaped()), form_);
        sym->setToolTip(tip);
        QWidget* editor = nullptr;
        if (p.unit == Unit::Choice) {
            auto* c = new QComboBox(form_);
            for (const std::string& ch : p.choices)
                c->addItem(QString::fromStdString(ch));
            c->setCurrentIndex(static_cast<int>(p.defaultValue));
            connect(c, &QComboBox::currentIndexChanged, this, &GeneratorDialog::refresh);
            editor = c;
        } else if (p.integer && p.max <= INT_MAX && p.min >= INT_MIN) {
            auto* sb = new QSpinBox(form_);
            sb->setRange(static_cast<int>(p.min), static_cast<int>(p.max));
            sb->setValue(static_cast<int>(p.defaultValue));
            connect(sb, &QSpinBox::valueChanged, this, &GeneratorDialog::refresh);
            editor = sb;
        } else {
            auto* q = new QuantitySpinBox(p, form_);
            connect(q, &QDoubleSpinBox::valueChanged, this, &GeneratorDialog::refresh);
            editor = q; // its text has its unit
        }
        // Checked at every keystroke, not when the field is left: the message
        // quoted "the other 32 groups" after groups = 1059 was typed, and Place
        // stayed disabled until Tab (issue 48, defect 11). A spin box emits
        // valueChanged for an acceptable text only; the text's own edits cover
        // the rest (an emptied field, a value out of range, "1Gbit" half typed).
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(editor)) {
            spin->setKeyboardTracking(true);
            if (auto* line = spin->findChild<QLineEdit*>())
                connect(line, &QLineEdit::textEdited, this, &GeneratorDialog::refresh);
        }
        editor->setObjectName(QStringLiteral("param-") + QString::fromStdString(p.symbol));
        editor->setToolTip(tip);
        editor->setMinimumWidth(110);
        auto* meaning = new QLabel(QString::fromStdString(p.meaning), form_);
        meaning->setStyleSheet("color: #4b5563;");
        meaning->setToolTip(tip);
        grid_->addWidget(sym, r, 0);
        grid_->addWidget(editor, r, 1);
        grid_->addWidget(meaning, r, 2);
        for (QWidget* w : {static_cast<QWidget*>(sym), editor, static_cast<QWidget*>(meaning)})
            w->show(); // the dialog may be open already
        editors_.push_back(editor);
        ++r;
    }
    refresh();
    layout()->activate();
}

std::vector<double> GeneratorDialog::values() const
{
    std::vector<double> v;
    for (QWidget* e : editors_) {
        if (auto* c = qobject_cast<QComboBox*>(e))
            v.push_back(c->currentIndex());
        else if (auto* sb = qobject_cast<QSpinBox*>(e))
            v.push_back(sb->value());
        else if (auto* q = qobject_cast<QuantitySpinBox*>(e))
            v.push_back(q->siValue());
    }
    return v;
}

bool GeneratorDialog::setParam(const QString& symbol, double value)
{
    if (!gen_)
        return false;
    const int i = gen_->spec().paramIndex(symbol.toStdString());
    if (i < 0 || i >= static_cast<int>(editors_.size()))
        return false;
    QWidget* e = editors_[static_cast<std::size_t>(i)];
    if (auto* c = qobject_cast<QComboBox*>(e))
        c->setCurrentIndex(static_cast<int>(value));
    else if (auto* sb = qobject_cast<QSpinBox*>(e))
        sb->setValue(static_cast<int>(value));
    else if (auto* q = qobject_cast<QuantitySpinBox*>(e))
        q->setSiValue(value);
    refresh();
    return true;
}

QString GeneratorDialog::problem() const
{
    if (!gen_)
        return tr("choose a generator");
    // A field whose text is no value yet (empty, out of range, half typed).
    const std::vector<ParamSpec>& params = gen_->spec().params;
    for (std::size_t i = 0; i < editors_.size() && i < params.size(); ++i) {
        const QString symbol = QString::fromStdString(params[i].symbol);
        if (const auto* sb = qobject_cast<const QSpinBox*>(editors_[i]); sb && !sb->hasAcceptableInput())
            return tr("%1: type a whole number from %2 to %3").arg(symbol).arg(sb->minimum()).arg(sb->maximum());
        if (const auto* q = qobject_cast<const QuantitySpinBox*>(editors_[i]); q && !q->hasAcceptableInput())
            return tr("%1: type a value in %2").arg(symbol, q->rangeText());
    }
    const std::vector<double> v = values();
    const std::string why = checkGeneratorParams(*gen_, v.data());
    if (!why.empty())
        return QString::fromStdString(why);
    // The one limit is memory: the network is built off the GUI thread, and
    // the editor draws a large one as aggregates or a summary.
    return QString::fromStdString(topologyBuildProblem(gen_->counts(v.data())));
}

QString GeneratorDialog::preview() const
{
    if (!gen_ || !problem().isEmpty())
        return {};
    const std::vector<double> v = values();
    const GeneratorCounts c = gen_->counts(v.data());
    QStringList parts{plural(c.hosts, VertexKind::Host)};
    if (c.switches > 0)
        parts << plural(c.switches, VertexKind::Switch);
    if (c.segments > 0)
        parts << plural(c.segments, VertexKind::Segment);
    parts << plural(c.links, "link", "links");
    return tr("Builds %1.").arg(parts.join(QStringLiteral(", ")));
}

void GeneratorDialog::refresh()
{
    const QString why = problem();
    error_->setText(why);
    error_->setVisible(!why.isEmpty());
    preview_->setText(preview());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty() && !building_);
}

void GeneratorDialog::setBuilding(bool on, const QString& stage)
{
    building_ = on;
    list_->setEnabled(!on);
    form_->setEnabled(!on);
    stage_->setText(stage);
    stage_->setVisible(on || !stage.isEmpty());
    progress_->setVisible(on);
    if (on)
        stagePoll_->start();
    else
        stagePoll_->stop();
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(!on && problem().isEmpty());
}

void GeneratorDialog::accept()
{
    if (!gen_ || building_)
        return;
    const QString why = problem();
    if (!why.isEmpty()) {
        refresh();
        return;
    }
    const std::vector<double> v = values();
    const TopologyCounts c = model_->topology() ? model_->topology()->counts() : TopologyCounts{};
    if (c.hosts + c.switches + c.segments > 0) {
        const QString what = QStringList{plural(c.hosts, VertexKind::Host), plural(c.switches, VertexKind::Switch),
                                         plural(c.segments, VertexKind::Segment), plural(c.links, "link", "links")}
                                 .join(", ");
        if (!replacePrompt()(what))
            return; // stays open: another generator or Cancel
    }
    // Built and laid out on a worker; the document takes the result on the
    // GUI thread (built()). Above the editor's drawing limit nothing is laid
    // out: the editor draws a summary and no positions.
    const GeneratorCounts counts = gen_->counts(v.data());
    const bool layOut = counts.hosts + counts.switches + counts.segments <=
                        static_cast<double>(TopologySummary::kMaxDrawnVertices);
    job_ = std::make_shared<Job>();
    pendingText_ = editText();
    setBuilding(true, tr("Building the network\u2026"));
    watcher_.setFuture(QtConcurrent::run([job = job_, g = gen_, v, layOut]() {
        Built b;
        try {
            job->stage = 1;
            auto t = std::make_shared<Topology>(generate(*g, v.data()));
            if (job->cancel.load()) {
                b.cancelled = true;
                return b;
            }
            if (layOut) {
                job->stage = 2;
                const ViewGraph vg = ViewGraph::fromTopology(*t);
                const std::vector<QPointF> pos = autoLayout(vg);
                for (std::size_t i = 0; i < vg.vertices.size(); ++i)
                    b.positions.emplace(vg.vertices[i].id, pos[i]);
            }
            b.cancelled = job->cancel.load();
            b.topology = std::move(t);
        } catch (const std::exception& e) { // ModelError, or bad_alloc for a network memory cannot hold
            b.error = QString::fromStdString(e.what());
        }
        return b;
    }));
}

void GeneratorDialog::built()
{
    if (!building_)
        return; // cancelled: the result is dropped
    job_.reset();
    Built b = watcher_.result();
    setBuilding(false);
    QString err = b.error;
    if (err.isEmpty() && !b.cancelled && b.topology) {
        const GeneratorSpec& s = gen_->spec();
        const std::vector<double> v = values(); // the form is locked while building: the same values
        Network::Params params;
        for (std::size_t i = 0; i < s.params.size(); ++i)
            params.emplace_back(s.params[i].symbol, v[i]);
        err = model_->setTopology(pendingText_, Network::generated(s.name, std::move(params)), b.positions,
                                  std::move(b.topology));
    }
    if (!err.isEmpty()) {
        error_->setText(err);
        error_->setVisible(true);
        return;
    }
    emit placed();
    QDialog::accept();
}

void GeneratorDialog::reject()
{
    if (!building_) {
        QDialog::reject();
        return;
    }
    // Stop waiting: the worker's stage ends in the background and its
    // result is dropped (built() sees building_ false).
    job_->cancel = true;
    job_.reset();
    setBuilding(false, tr("Cancelled: nothing was placed."));
}

QString GeneratorDialog::editText() const
{
    if (!gen_)
        return {};
    const GeneratorSpec& s = gen_->spec();
    const std::vector<double> v = values();
    QStringList shown;
    for (std::size_t i = 0; i < s.params.size() && i < v.size(); ++i)
        if (v[i] != s.params[i].defaultValue || i == 0)
            shown << QStringLiteral("%1 = %2").arg(QString::fromStdString(s.params[i].symbol),
                                                   inspector::displayValue(v[i], s.params[i]));
    return tr("Generate %1 (%2)").arg(QString::fromStdString(s.name), shown.join(", "));
}

GeneratorDialog::ReplacePrompt& GeneratorDialog::replacePrompt()
{
    static ReplacePrompt prompt = [](const QString& what) {
        return QMessageBox::question(QApplication::activeWindow(), tr("Replace the drawing?"),
                                     tr("The generated network replaces the drawing (%1). Edit > Undo brings "
                                        "it back.\n\nReplace it?")
                                         .arg(what),
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
    };
    return prompt;
}

void GeneratorDialog::setReplacePrompt(ReplacePrompt prompt)
{
    replacePrompt() = std::move(prompt);
}

} // namespace cs::app
