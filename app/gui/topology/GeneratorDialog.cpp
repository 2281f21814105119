#include "app/gui/topology/GeneratorDialog.h"
#include "app/document/DocumentModel.h"
#include "app/gui/inspector/InspectorText.h"
#include "app/gui/topology/QuantitySpinBox.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/GeneratorRegistry.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <climits>

namespace cs::app {

namespace {

// The editor can draw this many vertices; larger networks are for the
// command line (`clusterscope-cli topo`).
constexpr double kMaxDrawnVertices = 200000;

QString tooltipFor(const ParamSpec& p)
{
    QString t = QStringLiteral("<b>%1</b>: %2<br>range %3")
                    .arg(QString::fromStdString(p.symbol).toHtmlEscaped(), QString::fromStdString(p.meaning).toHtmlEscaped(),
                         QString::fromStdString(p.rangeText()).toHtmlEscaped());
    if (!p.source.empty())
        t += QStringLiteral("<br><i>source: %1</i>").arg(QString::fromStdString(p.source).toHtmlEscaped());
    return t;
}

QString plural(double n, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(QString::number(n, 'g', 10), QLatin1String(n == 1 ? one : many));
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
        QString unit;
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
            sb->setKeyboardTracking(false);
            connect(sb, &QSpinBox::valueChanged, this, &GeneratorDialog::refresh);
            editor = sb;
        } else {
            auto* q = new QuantitySpinBox(p, form_);
            connect(q, &QDoubleSpinBox::valueChanged, this, &GeneratorDialog::refresh);
            editor = q;
            if (p.unit != Unit::Count && p.unit != Unit::Ratio)
                unit = q->unitName();
        }
        editor->setObjectName(QStringLiteral("param-") + QString::fromStdString(p.symbol));
        editor->setToolTip(tip);
        editor->setMinimumWidth(110);
        auto* meaning = new QLabel(
            (unit.isEmpty() ? QString() : unit + QStringLiteral("  \u2014  ")) + QString::fromStdString(p.meaning), form_);
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
    const std::vector<double> v = values();
    const std::string why = checkGeneratorParams(*gen_, v.data());
    if (!why.empty())
        return QString::fromStdString(why);
    const GeneratorCounts c = gen_->counts(v.data());
    if (c.hosts + c.switches + c.segments > kMaxDrawnVertices)
        return tr("%1 vertices are more than the editor draws (%2); use clusterscope-cli topo for larger networks")
            .arg(c.hosts + c.switches + c.segments, 0, 'g', 10)
            .arg(kMaxDrawnVertices, 0, 'g', 10);
    return {};
}

QString GeneratorDialog::preview() const
{
    if (!gen_ || !problem().isEmpty())
        return {};
    const std::vector<double> v = values();
    const GeneratorCounts c = gen_->counts(v.data());
    QStringList parts{plural(c.hosts, "host", "hosts")};
    if (c.switches > 0)
        parts << plural(c.switches, "switch", "switches");
    if (c.segments > 0)
        parts << plural(c.segments, "segment", "segments");
    parts << plural(c.links, "link", "links");
    return tr("Builds %1.").arg(parts.join(QStringLiteral(", ")));
}

void GeneratorDialog::refresh()
{
    const QString why = problem();
    error_->setText(why);
    error_->setVisible(!why.isEmpty());
    preview_->setText(preview());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

void GeneratorDialog::accept()
{
    if (!gen_)
        return;
    const QString why = problem();
    if (!why.isEmpty()) {
        refresh();
        return;
    }
    const std::vector<double> v = values();
    const GeneratorSpec& s = gen_->spec();
    const TopologyCounts c = model_->topology() ? model_->topology()->counts() : TopologyCounts{};
    if (c.hosts + c.switches + c.segments > 0) {
        const QString what = QStringList{plural(c.hosts, "host", "hosts"), plural(c.switches, "switch", "switches"),
                                         plural(c.segments, "segment", "segments"), plural(c.links, "link", "links")}
                                 .join(", ");
        if (!replacePrompt()(what))
            return; // stays open: another generator or Cancel
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString err;
    try {
        const Topology t = generate(*gen_, v.data());
        const ViewGraph g = ViewGraph::fromTopology(t);
        const std::vector<QPointF> pos = autoLayout(g);
        std::map<std::string, QPointF> positions;
        for (std::size_t i = 0; i < g.vertices.size(); ++i)
            positions.emplace(g.vertices[i].id, pos[i]);
        nlohmann::json params = nlohmann::json::object();
        for (std::size_t i = 0; i < s.params.size(); ++i)
            params[s.params[i].symbol] = v[i];
        const nlohmann::json topo{{"generator", s.name}, {"params", params}};
        err = model_->setTopology(editText(), topo, positions);
    } catch (const ModelError& e) {
        err = QString::fromStdString(e.what());
    }
    QApplication::restoreOverrideCursor();
    if (!err.isEmpty()) {
        error_->setText(err);
        error_->setVisible(true);
        return;
    }
    QDialog::accept();
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
