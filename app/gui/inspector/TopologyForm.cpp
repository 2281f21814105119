#include "app/gui/inspector/TopologyForm.h"
#include "app/document/DocumentModel.h"
#include "app/gui/inspector/InspectorText.h"
#include "app/gui/inspector/ParamGrid.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace cs::app::inspector {

using nlohmann::json;

namespace {

const char* kTopoSource = "topology document (see docs: topology JSON)";

ParamRow row(ParamSpec spec, double value)
{
    ParamRow r;
    r.spec = std::move(spec);
    r.value.value = value;
    r.showProvenance = false;
    return r;
}

// Sets one property of vertex `id` (or edge `index`) in the explicit JSON.
ValueField::Apply vertexSetter(DocumentModel* model, const QString& id, const std::string& key, bool boolean)
{
    return [model, id, key, boolean](double v) {
        return model->editTopology(QObject::tr("Set %1 of %2").arg(q(key), id), [&](json& j) {
            for (json& vertex : j["vertices"])
                if (vertex.value("id", std::string()) == id.toStdString()) {
                    if (boolean)
                        vertex[key] = v != 0.0;
                    else if (key == "ports")
                        vertex[key] = static_cast<long long>(v);
                    else
                        vertex[key] = v;
                    return;
                }
            throw ModelError("no vertex named " + id.toStdString());
        });
    };
}

ValueField::Apply edgeSetter(DocumentModel* model, std::size_t index, const std::string& key, bool boolean)
{
    return [model, index, key, boolean](double v) {
        return model->editTopology(QObject::tr("Set %1 of link %2").arg(q(key)).arg(index), [&](json& j) {
            json& e = j["edges"].at(index);
            if (boolean)
                e[key] = v != 0.0;
            else if (key == "channels")
                e[key] = static_cast<long long>(v);
            else
                e[key] = v;
        });
    };
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

TopologyForm::TopologyForm(DocumentModel* model, What what, const QString& key, QWidget* parent) : QWidget(parent)
{
    setObjectName("topologyForm");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(8);
    if (!model->topology()) {
        layout->addWidget(headerLabel(this, model->topologyError().isEmpty()
                                                ? tr("The document has no topology.")
                                                : tr("The topology does not load: %1").arg(model->topologyError())));
        layout->addStretch(1);
        return;
    }
    if (what == What::Vertex)
        buildVertex(model, key);
    else
        buildLink(model, key);
    layout->addStretch(1);
}

void TopologyForm::buildVertex(DocumentModel* model, const QString& id)
{
    const Topology& t = *model->topology();
    // The unit the topology editor writes this network's rates in.
    const std::string rateName = ViewGraph::fromTopology(t).rateUnit().name.toStdString();
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    const auto v = t.find(id.toStdString());
    if (!v) {
        layout->addWidget(headerLabel(this, tr("No vertex named %1.").arg(id)));
        return;
    }
    const VertexProps& p = t.vertex(*v);
    QStringList neighbours;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (a == *v || b == *v)
            neighbours << q(t.vertex(a == *v ? b : a).id);
    }
    const QString kind = q(std::string(vertexKindName(p.kind)));
    QString note;
    if (model->doc().topology.contains("generator"))
        note = tr("<div style='color:#8a6d00; font-size:8pt'>Made by a generator; an edit turns it into an "
                  "explicit topology (undoable).</div>");
    layout->addWidget(headerLabel(
        this, tr("<div style='font-size:12pt'><b>%1</b></div><div>%2 · %n link(s)</div>"
                 "<div style='color:#444; font-size:8pt'>linked to: %3</div>%4",
                 nullptr, static_cast<int>(neighbours.size()))
                  .arg(id.toHtmlEscaped(), kind, neighbours.join(", ").toHtmlEscaped(), note)));

    auto* box = new QGroupBox(tr("Properties"), this);
    auto* boxLayout = new QVBoxLayout(box);
    auto* grid = new ParamGrid(box);
    switch (p.kind) {
    case VertexKind::Host: {
        ParamRow fw = row(choiceParam("forwards", {"no", "yes"}, 0,
                                      "forwards packets between its links (software routing)",
                                      "004_07d1c859a4352179.txt §4 Fig. 5 (software-routed mesh)"),
                          p.forwards ? 1.0 : 0.0);
        fw.apply = vertexSetter(model, id, "forwards", true);
        grid->addRow(fw);
        ParamRow cost = row(param("forward_cost", Unit::Seconds, "us", 0.0, 0.0, 1.0,
                                  "time to forward one packet in software", kTopoSource),
                            p.forwardCost);
        cost.apply = vertexSetter(model, id, "forward_cost", false);
        grid->addRow(cost);
        break;
    }
    case VertexKind::Switch: {
        ParamRow ports = row(countParam("ports", 8, 1, 1e9, "ports; each link channel uses one", kTopoSource),
                             p.ports);
        ports.apply = vertexSetter(model, id, "ports", false);
        grid->addRow(ports);
        ParamRow lat = row(param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "switch latency", kTopoSource),
                           p.latency);
        lat.apply = vertexSetter(model, id, "latency", false);
        grid->addRow(lat);
        break;
    }
    case VertexKind::Segment: {
        ParamRow bw = row(param("bandwidth", Unit::BytesPerSecond, rateName, 1.25e6, 1.0, 1e15,
                                "the medium's rate, shared by every attached host",
                                "004_07d1c859a4352179.txt (shared segments)"),
                          p.bandwidth);
        bw.apply = vertexSetter(model, id, "bandwidth", false);
        grid->addRow(bw);
        ParamRow lat = row(param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "segment latency", kTopoSource),
                           p.latency);
        lat.apply = vertexSetter(model, id, "latency", false);
        grid->addRow(lat);
        break;
    }
    }
    boxLayout->addWidget(grid);
    layout->addWidget(box);
}

void TopologyForm::buildLink(DocumentModel* model, const QString& key)
{
    const Topology& t = *model->topology();
    // The unit the topology editor writes this network's rates in.
    const std::string rateName = ViewGraph::fromTopology(t).rateUnit().name.toStdString();
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    bool ok = false;
    const qulonglong index = key.toULongLong(&ok);
    if (!ok || index >= t.edgeCount()) {
        layout->addWidget(headerLabel(this, tr("No link %1.").arg(key)));
        return;
    }
    const auto [a, b] = t.endpoints(index);
    const LinkProps& l = t.link(index);
    layout->addWidget(headerLabel(
        this, tr("<div style='font-size:12pt'><b>Link %1</b></div><div>%2 — %3</div>"
                 "<div style='color:#444; font-size:8pt'>capacity per direction: %4</div>")
                  .arg(index)
                  .arg(q(t.vertex(a).id).toHtmlEscaped(), q(t.vertex(b).id).toHtmlEscaped(),
                       displayValue(l.bandwidth * l.channels / (l.duplex ? 1.0 : 2.0), rateName,
                                    Unit::BytesPerSecond))));

    auto* box = new QGroupBox(tr("Properties"), this);
    auto* boxLayout = new QVBoxLayout(box);
    auto* grid = new ParamGrid(box);
    ParamRow bw = row(param("bandwidth", Unit::BytesPerSecond, rateName, 1.25e8, 1.0, 1e15,
                            "rate of one channel, each way when duplex", kTopoSource),
                      l.bandwidth);
    bw.apply = edgeSetter(model, index, "bandwidth", false);
    grid->addRow(bw);
    ParamRow lat = row(param("latency", Unit::Seconds, "us", 0.0, 0.0, 1.0, "propagation latency", kTopoSource),
                       l.latency);
    lat.apply = edgeSetter(model, index, "latency", false);
    grid->addRow(lat);
    ParamRow ch = row(countParam("channels", 1, 1, 1e6, "bonded channels (each uses a switch port)",
                                 "004_07d1c859a4352179.txt (channel bonding)"),
                      l.channels);
    ch.apply = edgeSetter(model, index, "channels", false);
    grid->addRow(ch);
    ParamRow dup = row(choiceParam("duplex", {"half", "full"}, 1, "full duplex: the rate is available each way",
                                   kTopoSource),
                       l.duplex ? 1.0 : 0.0);
    dup.apply = edgeSetter(model, index, "duplex", true);
    grid->addRow(dup);
    boxLayout->addWidget(grid);
    layout->addWidget(box);
}

} // namespace cs::app::inspector
