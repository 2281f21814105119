#include "app/gui/inspector/DesignParamForm.h"
#include "app/document/DocumentModel.h"
#include "app/gui/inspector/Evaluation.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/inspector/ParamGrid.h"
#include "model/core/Unit.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <limits>
#include <optional>

namespace cs::app::inspector {

namespace {

// The valid range as two fields, min and max, each applied as one undoable
// edit (edit::setParameterRange through DocumentModel::setDesignParamRange).
QWidget* rangeBox(DocumentModel* model, const DesignParam& p, const std::string& unit)
{
    auto* box = new QGroupBox(QObject::tr("Valid range"));
    box->setObjectName("rangeBox");
    auto* form = new QFormLayout(box);
    const QString qname = q(p.spec.symbol);
    const double lo = p.spec.min, hi = p.spec.max;
    auto field = [&](const char* which, double value, bool isMin) {
        ParamSpec s = p.spec;
        s.displayUnit = unit;
        s.symbol = std::string("range.") + which;
        s.min = -std::numeric_limits<double>::max();
        s.max = std::numeric_limits<double>::max();
        auto apply = [model, qname, lo, hi, isMin](double v) {
            return model->setDesignParamRange(qname, isMin ? v : lo, isMin ? hi : v);
        };
        auto* f = new ValueField(s, value, apply, box);
        f->setToolTip(isMin ? QObject::tr("The lowest value %1 may take; a sweep below it fails.").arg(qname)
                            : QObject::tr("The highest value %1 may take; a sweep above it fails.").arg(qname));
        form->addRow(QObject::tr(which), f);
    };
    field("min", lo, true);
    field("max", hi, false);
    return box;
}

} // namespace

DesignParamForm::DesignParamForm(DocumentModel* model, const std::string& name, QWidget* parent) : QWidget(parent)
{
    setObjectName("designParamForm");
    const Design& d = model->doc().design;
    const DesignParam* p = d.findDesignParam(name);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(8);
    if (!p) {
        layout->addWidget(new QLabel(tr("No design parameter named %1.").arg(q(name)), this));
        return;
    }

    auto* header = new QLabel(this);
    header->setWordWrap(true);
    header->setTextFormat(Qt::RichText);
    header->setText(tr("<div style='font-size:12pt'><b>%1</b></div><div>design parameter, shared by the inputs "
                       "wired from it</div><div style='color:#444; font-size:8pt'>%2</div>")
                        .arg(q(name).toHtmlEscaped(), q(p->spec.meaning).toHtmlEscaped()));
    layout->addWidget(header);

    auto* box = new QGroupBox(tr("Value"), this);
    auto* boxLayout = new QVBoxLayout(box);
    auto* grid = new ParamGrid(box);
    ParamRow row;
    row.spec = p->spec;
    // Its value and range in the unit the value reads best in: "1 Gbit/s" typed into a parameter the
    // document shows in Mbit/s read "1000 Mbit/s" after Enter and on reopening (issue 48, defect 14).
    row.spec.displayUnit = shownUnit(p->spec, p->value.value);
    row.value = p->value;
    const QString qname = q(name);
    // The output it follows bounds it (P by topology.hosts): a value above
    // that is refused here, in its own field, with the bound's value, rather
    // than accepted and then failing in every block and every sweep row.
    std::optional<double> limit;
    if (!p->follows.empty()) {
        const Evaluation eval(d);
        limit = eval.value(p->follows, true, eval.stepOf(kTopologyBlock));
    }
    const QString follows = q(p->follows);
    row.apply = [model, qname, limit, follows](double v) {
        if (limit && v > *limit)
            return tr("%1 = %2 exceeds %3 = %4: pick at most %4, or enlarge the topology")
                .arg(qname, q(formatNumber(v)), follows, q(formatNumber(*limit)));
        return model->setDesignParam(qname, v);
    };
    if (!p->follows.empty() && p->value.provenance.kind == ProvenanceKind::Default) {
        // Following: show where the value comes from; the pen pins it.
        row.value.provenance = Provenance::wired(p->follows);
        row.incoming = limit;
        const double now = row.incoming.value_or(p->value.value);
        row.override = [model, qname, now] { return model->setDesignParam(qname, now); };
    } else if (!p->follows.empty()) {
        row.reset = [model, qname] { return model->followDesignParam(qname); };
    } else if (p->spec.rangeProblem(p->spec.defaultValue).empty()) {
        const double def = p->spec.defaultValue;
        row.reset = [model, qname, def] { return model->setDesignParam(qname, def); };
    }
    grid->addRow(row);
    boxLayout->addWidget(grid);
    if (!p->follows.empty()) {
        auto* bound = new QLabel(p->value.provenance.kind == ProvenanceKind::Default
                                     ? tr("%1 follows %2 and can never exceed it. Pin it with ✎ to set it yourself.")
                                           .arg(qname, q(p->follows))
                                     : tr("Set by you; bounded by %1 (a larger value is an error, never clipped). "
                                          "↺ follows %1 again.")
                                           .arg(q(p->follows)),
                                 box);
        bound->setObjectName("bound");
        bound->setWordWrap(true);
        bound->setStyleSheet("QLabel { color: #555; font-size: 8pt; }");
        boxLayout->addWidget(bound);
    }
    layout->addWidget(box);
    layout->addWidget(rangeBox(model, *p, row.spec.displayUnit));

    QStringList feeds;
    for (const Wire& w : d.wires())
        if (w.from.isDesignParam() && w.from.port == name)
            feeds << q(w.to.str());
    auto* feedBox = new QGroupBox(tr("Feeds"), this);
    auto* feedLayout = new QVBoxLayout(feedBox);
    auto* list = new QLabel(feeds.isEmpty() ? tr("No input is wired from %1 yet. Drag from its port on the canvas "
                                                 "to an input to share it.")
                                                  .arg(q(name))
                                            : feeds.join(", "),
                            feedBox);
    list->setObjectName("feeds");
    list->setWordWrap(true);
    feedLayout->addWidget(list);
    layout->addWidget(feedBox);
    layout->addStretch(1);
}

} // namespace cs::app::inspector
