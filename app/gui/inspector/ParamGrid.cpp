#include "app/gui/inspector/ParamGrid.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/widgets/ElidedLabel.h"

#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

namespace cs::app::inspector {

ParamGrid::ParamGrid(QWidget* parent) : QWidget(parent)
{
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setHorizontalSpacing(6);
    grid_->setVerticalSpacing(2);
    grid_->setColumnStretch(1, 1);
}

ValueField* ParamGrid::addRow(const ParamRow& row)
{
    const ParamSpec& s = row.spec;
    const QString sym = q(s.symbol);
    const QString tip = tr("<b>%1</b> — %2<br>range %3<br><i>%4</i>")
                            .arg(sym.toHtmlEscaped(), q(s.meaning).toHtmlEscaped(), rangeText(s).toHtmlEscaped(),
                                 q(s.source).toHtmlEscaped());
    const int r = next_;
    next_ += 2;

    auto* symbol = new QLabel(QString("<b>%1</b>").arg(sym.toHtmlEscaped()), this);
    symbol->setObjectName("symbol:" + sym);
    symbol->setToolTip(tip);
    grid_->addWidget(symbol, r, 0, Qt::AlignTop | Qt::AlignLeft);

    const bool wired = row.value.provenance.kind == ProvenanceKind::Wired;
    ValueField* field = nullptr;
    if (wired || !row.apply) {
        QString text = wired ? tr("← %1").arg(q(row.value.provenance.detail)) : displayValue(row.value.value, s);
        if (wired && row.incoming)
            text += QString("  (%1)").arg(displayValue(*row.incoming, s));
        // Elided where the column is narrower ("← topology.a2a_bw (125 MB/s)"): a wider one pushed the form
        // past the inspector's viewport at 1280x800 (issue 48, cramped); the tooltip gives it whole.
        auto* label = new ElidedLabel(this);
        label->setText(text);
        label->setObjectName("wired:" + sym);
        label->setToolTip(text.toHtmlEscaped() + "<br>" + provenanceDetail(row.value.provenance, s).toHtmlEscaped());
        QPalette green = label->palette();
        green.setColor(QPalette::WindowText, QColor(0x2a, 0x6a, 0x36));
        label->setPalette(green);
        label->setContentsMargins(2, 3, 2, 3);
        grid_->addWidget(label, r, 1);
    } else {
        field = new ValueField(s, row.value.value, row.apply, this);
        field->setToolTip(tip);
        grid_->addWidget(field, r, 1);
    }

    auto addAction = [&](const QString& name, const QString& text, const QString& hint, std::function<QString()> fn) {
        auto* b = new QToolButton(this);
        b->setObjectName(name + ":" + sym);
        b->setText(text);
        b->setAutoRaise(true);
        b->setToolTip(hint);
        connect(b, &QToolButton::clicked, this, [fn, field] {
            const QString err = fn();
            if (field)
                field->setError(err);
        });
        grid_->addWidget(b, r, 2, Qt::AlignTop);
    };
    if (wired && row.override)
        addAction("override", tr("✎"),
                  tr("Override: stop taking %1 from %2 and set it yourself").arg(sym, q(row.value.provenance.detail)),
                  row.override);
    if (!wired && row.useTopology)
        addAction("useTopology", tr("⇠"), tr("Take %1 from topology.%2").arg(sym, q(s.topology)), row.useTopology);
    if (row.reset && !wired && !row.useTopology) {
        auto* reset = new QToolButton(this);
        reset->setObjectName("reset:" + sym);
        reset->setText("↺");
        reset->setAutoRaise(true);
        reset->setToolTip(tr("Reset %1 to its default, %2").arg(sym, displayValue(s.defaultValue, s)));
        reset->setEnabled(row.value.provenance.kind != ProvenanceKind::Default || row.value.value != s.defaultValue);
        auto fn = row.reset;
        connect(reset, &QToolButton::clicked, this, [fn, field] {
            const QString err = fn();
            if (field)
                field->setError(err);
        });
        grid_->addWidget(reset, r, 2, Qt::AlignTop);
    }

    if (row.showProvenance) {
        const QString text = wired ? tr("wired") : provenanceLabel(row.value.provenance);
        auto* prov = new QLabel(text, this);
        prov->setObjectName("provenance:" + sym);
        prov->setToolTip(provenanceDetail(row.value.provenance, s));
        const QColor c = provenanceColor(row.value.provenance.kind);
        prov->setStyleSheet(QString("QLabel { color: %1; border: 1px solid %1; border-radius: 3px;"
                                    " padding: 0px 4px; font-size: 8pt; }")
                                .arg(c.name()));
        grid_->addWidget(prov, r, 3, Qt::AlignTop | Qt::AlignLeft);
    }

    // One line under the field, elided (issue 48, cramped at 1280x800: the range and meaning wrapped over two
    // lines and the source over one or two more, and the inspector showed three or four inputs at a time): the
    // range and meaning first, then the source; the tooltip holds all of it, and what the topology can supply.
    auto* details = new ElidedLabel(this);
    details->setObjectName("details:" + sym);
    QStringList parts{rangeText(s), q(s.meaning), q(s.source)};
    QString tipAll = tip;
    if (!s.topology.empty()) {
        const QString network = tr("the topology can supply it: topology.%1").arg(q(s.topology));
        parts << network;
        tipAll += QString("<br><span style='color:#2a6a36'>%1</span>").arg(network.toHtmlEscaped());
    }
    details->setText(parts.join(QString::fromUtf8(" \u00b7 ")));
    details->setToolTip(tipAll);
    details->setDetailStyle(QColor(0x55, 0x55, 0x55));
    details->setContentsMargins(0, 0, 0, 3); // a little room before the next input
    grid_->addWidget(details, r + 1, 1, 1, 3);
    return field;
}

} // namespace cs::app::inspector
