#include "app/gui/inspector/TopologyForm.h"
#include "app/document/DocumentModel.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/inspector/ParamGrid.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentEdits.h"
#include "model/topology/graph/TopologyFields.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <functional>
#include <set>

namespace cs::app::inspector {

using nlohmann::json;

namespace {

// A field of the topology's table (model/topology/graph/TopologyFields.h), its
// rates shown in the unit the editor writes this network's rates in.
ParamSpec shownIn(ParamSpec spec, const std::string& rateName)
{
    if (spec.unit == Unit::BytesPerSecond)
        spec.displayUnit = rateName;
    return spec;
}

ParamRow row(ParamSpec spec, double value)
{
    ParamRow r;
    r.spec = std::move(spec);
    r.value.value = value;
    r.showProvenance = false;
    return r;
}

// A choice of two is written as a boolean, a count as a whole number.
json fieldJson(const ParamSpec& spec, double v)
{
    if (spec.choices.size() == 2)
        return v != 0.0;
    return spec.integer ? json(static_cast<long long>(v)) : json(v);
}

// Sets one property of every vertex in `ids` (every link in `links`): one
// operation of the editing layer, one undo step for the whole selection.
ValueField::Apply vertexSetter(DocumentModel* model, const QStringList& ids, const ParamSpec& spec)
{
    std::set<std::string> set;
    for (const QString& id : ids)
        set.insert(id.toStdString());
    const QString what = ids.size() == 1 ? ids.front() : QObject::tr("%1 items").arg(ids.size());
    return [model, set, what, spec](double v) {
        const json value = fieldJson(spec, v);
        return model->apply(QObject::tr("Set %1 of %2").arg(q(spec.symbol), what),
                            edit::op::setVertexProperty(set, spec.symbol, value));
    };
}

// `links` by their index in the network's link order, which the selection
// names them by; the edit names them by their ids.
ValueField::Apply edgeSetter(DocumentModel* model, const std::set<std::size_t>& links, const ParamSpec& spec)
{
    const QString what = links.size() == 1 ? QObject::tr("link %1").arg(*links.begin())
                                           : QObject::tr("%1 links").arg(links.size());
    std::set<LinkId> ids;
    for (std::size_t index : links)
        ids.insert(model->doc().topology.linkIdAt(index));
    return [model, ids, what, spec](double v) {
        const json value = fieldJson(spec, v);
        return model->apply(QObject::tr("Set %1 of %2").arg(q(spec.symbol), what),
                            edit::op::setLinkProperty(ids, spec.symbol, value));
    };
}

// The "Properties" box: a row per field of the topology's table, showing
// `value(field)` and applying edits through `setter(field)`.
void addProperties(QVBoxLayout* layout, const std::vector<ParamSpec>& fields, const std::string& rateName,
                   const std::function<double(const ParamSpec&)>& value,
                   const std::function<ValueField::Apply(const ParamSpec&)>& setter)
{
    auto* box = new QGroupBox(QObject::tr("Properties"), layout->parentWidget());
    auto* boxLayout = new QVBoxLayout(box);
    auto* grid = new ParamGrid(box);
    for (const ParamSpec& f : fields) {
        ParamRow r = row(shownIn(f, rateName), value(f));
        r.apply = setter(r.spec);
        grid->addRow(r);
    }
    boxLayout->addWidget(grid);
    layout->addWidget(box);
}

// "5 links selected": what an edit in this form applies to.
QString manyNote(int n, const QString& kind, const QString& shown)
{
    if (n <= 1)
        return {};
    return QObject::tr("<div style='color:#1d4ed8'>%1 %2 selected: a change applies to all of them "
                       "(the values shown are %3's).</div>")
        .arg(n)
        .arg(kind, shown.toHtmlEscaped());
}

QLabel* headerLabel(QWidget* parent, const QString& html)
{
    auto* h = new QLabel(parent);
    h->setWordWrap(true);
    h->setTextFormat(Qt::RichText);
    h->setTextInteractionFlags(Qt::TextSelectableByMouse);
    h->setText(html);
    return h;
}

} // namespace

TopologyForm::TopologyForm(DocumentModel* model, What what, const QStringList& keys, QWidget* parent)
    : QWidget(parent)
{
    setObjectName("topologyForm");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(8);
    const std::shared_ptr<const Topology> net = model->drawing();
    if (!net) {
        layout->addWidget(headerLabel(this, model->topologyError().isEmpty()
                                                ? tr("The document has no topology.")
                                                : tr("The topology does not load: %1").arg(model->topologyError())));
        layout->addStretch(1);
        return;
    }
    if (keys.isEmpty())
        layout->addWidget(headerLabel(this, tr("Nothing selected.")));
    else if (what == What::Vertex)
        buildVertex(model, *net, keys);
    else
        buildLink(model, *net, keys);
    if (!model->topology()) {
        // A drawing in progress: every item stays editable, with what is
        // missing said beside it (issue 34, defect 7).
        auto* problem = headerLabel(this, tr("<div style='color:#8a6d00'>The network is not usable yet: %1<br>Its "
                                             "items can be edited; the model uses it once it is whole.</div>")
                                              .arg(model->topologyError().toHtmlEscaped()));
        problem->setObjectName("drawingProblem");
        layout->addWidget(problem);
    }
    layout->addStretch(1);
}

void TopologyForm::buildVertex(DocumentModel* model, const Topology& t, const QStringList& keys)
{
    const QString id = keys.front();
    // The unit the topology editor writes this network's rates in.
    const std::string rateName = ViewGraph::rateUnitOf(t, plots::ratePreference()).name.toStdString();
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    const auto v = t.find(id.toStdString());
    if (!v) {
        layout->addWidget(headerLabel(this, tr("No vertex named %1.").arg(id)));
        return;
    }
    const VertexProps& p = t.vertex(*v);
    // The others selected of the same kind take the edits too (a host's
    // properties mean nothing to a switch).
    QStringList ids{id};
    for (const QString& other : keys)
        if (other != id)
            if (const auto o = t.find(other.toStdString()); o && t.attributes(*o).kind == p.kind)
                ids << other;
    QStringList neighbours;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (a == *v || b == *v)
            neighbours << q(t.vertex(a == *v ? b : a).id);
    }
    const QString kind = q(std::string(vertexKindName(p.kind)));
    QString note;
    if (model->doc().topology.isGenerated())
        note = tr("<div style='color:#8a6d00; font-size:8pt'>Made by a generator; an edit turns it into an "
                  "explicit topology (undoable).</div>");
    layout->addWidget(headerLabel(
        this, tr("<div style='font-size:12pt'><b>%1</b></div><div>%2 · %n link(s)</div>"
                 "<div style='color:#444; font-size:8pt'>linked to: %3</div>%4%5",
                 nullptr, static_cast<int>(neighbours.size()))
                  .arg(id.toHtmlEscaped(), kind, neighbours.join(", ").toHtmlEscaped(), note,
                       manyNote(static_cast<int>(ids.size()),
                                p.kind == VertexKind::Host     ? tr("hosts")
                                : p.kind == VertexKind::Switch ? tr("switches")
                                                               : tr("segments"),
                                id))));

    addProperties(layout, vertexFields(p.kind), rateName,
                  [&](const ParamSpec& f) { return vertexFieldValue(p, f.symbol); },
                  [&](const ParamSpec& f) { return vertexSetter(model, ids, f); });
}

void TopologyForm::buildLink(DocumentModel* model, const Topology& t, const QStringList& keys)
{
    const QString key = keys.front();
    // The unit the topology editor writes this network's rates in.
    const std::string rateName = ViewGraph::rateUnitOf(t, plots::ratePreference()).name.toStdString();
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    bool ok = false;
    const qulonglong index = key.toULongLong(&ok);
    if (!ok || index >= t.edgeCount()) {
        layout->addWidget(headerLabel(this, tr("No link %1.").arg(key)));
        return;
    }
    const auto [a, b] = t.endpoints(index);
    const LinkProps& l = t.link(index);
    std::set<std::size_t> links{static_cast<std::size_t>(index)};
    for (const QString& other : keys) {
        bool otherOk = false;
        const qulonglong o = other.toULongLong(&otherOk);
        if (otherOk && o < t.edgeCount())
            links.insert(o);
    }
    layout->addWidget(headerLabel(
        this, tr("<div style='font-size:12pt'><b>Link %1</b></div><div>%2 — %3</div>"
                 "<div style='color:#444; font-size:8pt'>capacity per direction: %4</div>%5")
                  .arg(index)
                  .arg(q(t.vertex(a).id).toHtmlEscaped(), q(t.vertex(b).id).toHtmlEscaped(),
                       displayValue(l.bandwidth * l.channels / (l.duplex ? 1.0 : 2.0), rateName,
                                    Unit::BytesPerSecond),
                       manyNote(static_cast<int>(links.size()), tr("links"), tr("link %1").arg(index)))));

    addProperties(layout, linkFields(), rateName, [&](const ParamSpec& f) { return linkFieldValue(l, f.symbol); },
                  [&](const ParamSpec& f) { return edgeSetter(model, links, f); });
}

} // namespace cs::app::inspector
