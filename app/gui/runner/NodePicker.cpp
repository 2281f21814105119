#include "app/gui/runner/NodePicker.h"
#include "app/gui/runner/HostfileCache.h"
#include "app/document/DocumentModel.h"

#include <QColor>

#include <stdexcept>

namespace cs::app {

NodePicker::NodePicker(DocumentModel* model, QWidget* parent) : QListWidget(parent), model_(model)
{
    setObjectName("nodePicker");
    connect(&HostfileCache::instance(), &HostfileCache::updated, this, &NodePicker::reread);
    connect(model_, &DocumentModel::documentReset, this, [this] {
        unchecked_.clear();
        reread();
    });
    connect(model_, &DocumentModel::resultsChanged, this, &NodePicker::reread);
    connect(this, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const std::string name = item->data(Qt::UserRole).toString().toStdString();
        if (item->checkState() == Qt::Checked)
            unchecked_.erase(name);
        else
            unchecked_.insert(name);
        emit selectionChanged();
    });
    reread();
}

void NodePicker::reread()
{
    const QSignalBlocker block(this);
    clear();
    problem_.clear();
    std::vector<runner::Node> nodes;
    try {
        nodes = runner::nodesFromJson(model_->doc().nodes);
    } catch (const std::invalid_argument& e) {
        problem_ = QString::fromStdString(e.what());
    }
    for (const runner::Node& n : nodes) {
        auto* item = new QListWidgetItem(QString("%1  (%2)").arg(QString::fromStdString(n.name),
                                                                 QString::fromStdString(n.describe())),
                                         this);
        item->setData(Qt::UserRole, QString::fromStdString(n.name));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(unchecked_.count(n.name) ? Qt::Unchecked : Qt::Checked);
    }
    if (!problem_.isEmpty()) {
        auto* item = new QListWidgetItem(tr("The node list cannot be used: %1").arg(problem_), this);
        item->setFlags(Qt::ItemIsEnabled);
        item->setForeground(QColor(0xb0, 0, 0));
    } else if (nodes.empty()) {
        // Three short lines: on one, a narrow panel (the Probes dock at 1280x800) cut it to "No nodes yet: add
        // the" (issue 48). The list does not wrap its items itself: a word-wrapped list re-laid out without end
        // in the main window.
        auto* item = new QListWidgetItem(tr("No nodes yet:\nadd them in the\nNodes panel"), this);
        item->setToolTip(tr("No nodes yet: add them in the Nodes panel"));
        item->setFlags(Qt::ItemIsEnabled);
        item->setForeground(QColor(120, 120, 120));
    }
    emit selectionChanged();
}

std::vector<runner::Node> NodePicker::checkedNodes() const
{
    std::vector<runner::Node> out;
    std::vector<runner::Node> all;
    try {
        all = runner::nodesFromJson(model_->doc().nodes);
    } catch (const std::invalid_argument&) {
        return out; // the list shows why (reread)
    }
    for (runner::Node& n : all)
        if (!unchecked_.count(n.name))
            out.push_back(std::move(n));
    return out;
}

QStringList NodePicker::checkedNames() const
{
    QStringList names;
    for (int i = 0; i < count(); ++i)
        if (item(i)->checkState() == Qt::Checked)
            names << item(i)->data(Qt::UserRole).toString();
    return names;
}

void NodePicker::setChecked(const QString& name, bool on)
{
    for (int i = 0; i < count(); ++i)
        if (item(i)->data(Qt::UserRole).toString() == name)
            item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
}

} // namespace cs::app
