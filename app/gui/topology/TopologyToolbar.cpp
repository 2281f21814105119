#include "app/gui/topology/TopologyToolbar.h"
#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/TopologyEdits.h"
#include "model/topology/graph/TopologyFields.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>

namespace cs::app {

TopologyToolbar::TopologyToolbar(QWidget* parent) : QToolBar(tr("Topology"), parent)
{
    setObjectName("topologyToolbar");
    setIconSize(QSize(22, 22));
    // Up first: in a narrow dock the toolbar's last actions go to its overflow menu, where nobody finds the
    // way out of an aggregate (issue 34, defect 6). Shown only inside one.
    up_ = addAction(tr("\u2191 Up"), this, &TopologyToolbar::upRequested);
    up_->setObjectName("aggregateUp");
    up_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    up_->setToolTip(tr("Back to the aggregate this one is part of (Alt+Up)"));
    up_->setVisible(false);
    auto* modes = new QActionGroup(this);
    QAction* select = addAction(tr("Select"));
    select->setCheckable(true);
    select->setChecked(true);
    select->setToolTip(tr("Select and move items; drag on empty space for rubber-band selection"));
    link_ = addAction(tr("Link"));
    link_->setObjectName("linkTool");
    link_->setCheckable(true);
    link_->setShortcut(QKeySequence(Qt::Key_L));
    link_->setToolTip(tr("Draw links: drag from one item to another (L). "
                         "In select mode, Shift-drag or right-drag does the same."));
    modes->addAction(select);
    modes->addAction(link_);
    connect(link_, &QAction::toggled, this, &TopologyToolbar::linkModeToggled);
    addSeparator();

    for (VertexKind k : {VertexKind::Host, VertexKind::Switch, VertexKind::Segment}) {
        auto* b = new PaletteButton(k, this);
        connect(b, &QToolButton::clicked, this, [this, k] { emit addRequested(k); });
        addWidget(b);
    }
    addSeparator();

    addWidget(new QLabel(tr(" New links: "), this));
    bandwidth_ = new QComboBox(this);
    bandwidth_->setObjectName("linkBandwidth");
    for (double bw : {1.25e6, 1.25e7, 1.25e8, 1.6e8, 1.25e9, 3.125e9, 5e9, 1.25e10})
        bandwidth_->addItem(newLinkText(bw), bw);
    bandwidth_->setCurrentIndex(bandwidth_->findData(topoedit::kDefaultLinkBandwidth));
    bandwidth_->setToolTip(tr("Bandwidth per channel of links you draw"));
    addWidget(bandwidth_);
    addWidget(new QLabel(QStringLiteral(" \u00d7"), this));
    channels_ = new QSpinBox(this);
    channels_->setObjectName("linkChannels");
    // The channels a generator's link may have (TopologyFields.h), from the link field's least.
    channels_->setRange(static_cast<int>(linkField("channels").min), static_cast<int>(kMaxGeneratorChannels));
    channels_->setToolTip(tr("Bonded channels per link you draw (each uses a switch port)"));
    addWidget(channels_);
    addSeparator();

    QAction* gen = addAction(tr("Generate\u2026"), this, &TopologyToolbar::generateRequested);
    gen->setToolTip(tr("Place a generated topology (star, bus, fat-tree, torus, segment mesh, ...)"));
    QAction* del = addAction(tr("Delete"), this, &TopologyToolbar::deleteRequested);
    del->setToolTip(tr("Delete the selected items (a vertex takes its links with it)"));
    addSeparator();
    addAction(tr("\u2212"), this, &TopologyToolbar::zoomOutRequested)->setToolTip(tr("Zoom out"));
    addAction(tr("+"), this, &TopologyToolbar::zoomInRequested)->setToolTip(tr("Zoom in"));
    addAction(tr("Fit"), this, &TopologyToolbar::fitRequested)->setToolTip(tr("Fit the topology to the view"));
}

void TopologyToolbar::setUpVisible(bool visible)
{
    up_->setVisible(visible);
}

void TopologyToolbar::setLinkMode(bool on)
{
    link_->setChecked(on);
}

QString TopologyToolbar::newLinkText(double bandwidth) const
{
    // In the drawing's family (bits or bytes, as the preference and the links
    // say), each choice with the prefix that reads best: an empty drawing's
    // Mbit/s wrote 1 Gbit/s as "1000 Mbit/s" (issue 48, defect 14). The item's
    // data keeps the exact value.
    return plots::rateUnitFor({bandwidth}, rate_.family()).format(bandwidth);
}

void TopologyToolbar::setRateUnit(const plots::RateUnit& rate)
{
    rate_ = rate;
    for (int i = 0; i < bandwidth_->count(); ++i)
        bandwidth_->setItemText(i, newLinkText(bandwidth_->itemData(i).toDouble()));
}

void TopologyToolbar::setNewLinkDefaults(double bandwidth, int channels)
{
    int i = bandwidth_->findData(bandwidth);
    if (i < 0) {
        bandwidth_->addItem(newLinkText(bandwidth), bandwidth);
        i = bandwidth_->count() - 1;
    }
    bandwidth_->setCurrentIndex(i);
    channels_->setValue(channels);
}

double TopologyToolbar::newLinkBandwidth() const
{
    return bandwidth_->currentData().toDouble();
}

int TopologyToolbar::newLinkChannels() const
{
    return channels_->value();
}

} // namespace cs::app
