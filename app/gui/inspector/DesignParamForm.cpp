#include "app/gui/inspector/DesignParamForm.h"
#include "app/document/DocumentModel.h"
#include "app/gui/inspector/InspectorText.h"
#include "app/gui/inspector/ParamGrid.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace cs::app::inspector {

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
    row.value = p->value;
    const QString qname = q(name);
    row.apply = [model, qname](double v) { return model->setDesignParam(qname, v); };
    if (p->spec.rangeProblem(p->spec.defaultValue).empty()) {
        const double def = p->spec.defaultValue;
        row.reset = [model, qname, def] { return model->setDesignParam(qname, def); };
    }
    grid->addRow(row);
    boxLayout->addWidget(grid);
    layout->addWidget(box);

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
