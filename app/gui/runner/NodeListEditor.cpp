#include "app/gui/runner/NodeListEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/runner/NodeTableModel.h"
#include "model/cluster/NodeFields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace cs::app {

namespace {

// The transport column edits with a drop-down of the five transports.
class TransportDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* box = new QComboBox(parent);
        for (std::string_view t : kNodeTransports)
            box->addItem(QString::fromUtf8(t.data(), static_cast<qsizetype>(t.size())));
        // Commit as soon as a transport is picked, as a user expects of a drop-down.
        connect(box, &QComboBox::activated, box, [this, box] {
            auto* self = const_cast<TransportDelegate*>(this);
            emit self->commitData(box);
            emit self->closeEditor(box);
        });
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* box = static_cast<QComboBox*>(editor);
        box->setCurrentText(index.data(Qt::EditRole).toString());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
    }
};

// The columns most nodes need; the rest show with "All fields".
bool basicColumn(int c)
{
    switch (c) {
    case NodeTableModel::Name:
    case NodeTableModel::Transport:
    case NodeTableModel::Host:
    case NodeTableModel::User:
    case NodeTableModel::Port:
    case NodeTableModel::Cpus:
    case NodeTableModel::Ranks:
    case NodeTableModel::Netns:
    case NodeTableModel::Address:
    case NodeTableModel::Bind: return true;
    default: return false;
    }
}

} // namespace

NodeListEditor::NodeListEditor(DocumentModel* model, QWidget* parent)
    : QWidget(parent), model_(model), table_(new NodeTableModel(model, this))
{
    view_ = new QTableView(this);
    view_->setObjectName("nodeTable");
    view_->setModel(table_);
    view_->setItemDelegateForColumn(NodeTableModel::Transport, new TransportDelegate(view_));
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    view_->setAlternatingRowColors(false);
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 8);
    view_->horizontalHeader()->setStretchLastSection(false);
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Room for typical values (host names, addresses, CPU lists) before any are typed.
    const int em = view_->fontMetrics().horizontalAdvance('m');
    const int widths[NodeTableModel::ColumnCount] = {8, 7, 11, 7, 5, 7, 5, 8, 10, 10, 14, 7, 12, 16, 12, 10, 8, 12};
    for (int c = 0; c < NodeTableModel::ColumnCount; ++c)
        view_->setColumnWidth(c, widths[c] * em);
    view_->setWordWrap(false);

    add_ = new QToolButton(this);
    add_->setText(tr("Add node"));
    add_->setToolTip(tr("Add a local node; the arrow offers the other transports"));
    add_->setPopupMode(QToolButton::MenuButtonPopup);
    auto* addMenu = new QMenu(add_);
    for (std::string_view name : kNodeTransports) {
        const QString t = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        addMenu->addAction(tr("%1 node").arg(t), this, [this, t] {
            const QString err = table_->addNode(t);
            showMessage(err, true);
        });
    }
    add_->setMenu(addMenu);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setToolTip(tr("Remove the selected nodes"));
    spec_ = new QLineEdit(this);
    spec_->setPlaceholderText(tr("or a node list, e.g. local:cpu=0,local:cpu=1 or ssh:root@10.0.0.2"));
    spec_->setToolTip(tr("The --nodes SPEC of clusterscope-cli probe (docs/agent-protocol.md)"));
    addSpec_ = new QPushButton(tr("Add"), this);
    allFields_ = new QCheckBox(tr("All fields"), this);
    allFields_->setToolTip(tr("Also show agent, ssh key and options, MPI hosts, BTL, Slurm partition and token file"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
    buttons->addWidget(remove_);
    buttons->addWidget(spec_, 1);
    buttons->addWidget(addSpec_);
    buttons->addWidget(allFields_);

    message_ = new QLabel(this);
    message_->setObjectName("nodeMessage");
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(view_, 1);
    layout->addWidget(message_);

    connect(add_, &QToolButton::clicked, this, [this] { showMessage(table_->addNode("local"), true); });
    connect(remove_, &QPushButton::clicked, this, &NodeListEditor::removeSelected);
    auto addSpec = [this] {
        if (spec_->text().trimmed().isEmpty())
            return;
        const QString err = table_->addNodesFromSpec(spec_->text());
        if (err.isEmpty())
            spec_->clear();
        showMessage(err, true);
    };
    connect(addSpec_, &QPushButton::clicked, this, addSpec);
    connect(spec_, &QLineEdit::returnPressed, this, addSpec);
    connect(allFields_, &QCheckBox::toggled, this, &NodeListEditor::updateColumns);
    connect(table_, &NodeTableModel::editRejected, this, [this](const QString& m) { showMessage(m, true); });
    connect(table_, &NodeTableModel::edited, this, [this] { showMessage({}, false); });
    auto changed = [this] {
        remove_->setEnabled(table_->rowCount() > 0);
        refreshProblem(); // an edit, undo or redo replaces an earlier refusal
    };
    connect(table_, &QAbstractItemModel::modelReset, this, changed);
    connect(table_, &QAbstractItemModel::dataChanged, this, changed);
    updateColumns();
    remove_->setEnabled(table_->rowCount() > 0);
    refreshProblem();
}

QString NodeListEditor::message() const
{
    return message_->isHidden() ? QString() : message_->text();
}

void NodeListEditor::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex& i : view_->selectionModel()->selectedRows())
        rows << i.row();
    if (rows.isEmpty() && view_->currentIndex().isValid())
        rows << view_->currentIndex().row();
    showMessage(table_->removeRows(rows), true);
}

void NodeListEditor::showMessage(const QString& text, bool error)
{
    if (text.isEmpty()) {
        message_->setProperty("error", false);
        refreshProblem();
        return;
    }
    message_->setProperty("error", error);
    message_->setText(text);
    message_->setStyleSheet(error ? "color: #b00000" : "color: #8a5a00");
    message_->show();
}

void NodeListEditor::refreshProblem()
{
    const QString problem = table_->problem();
    if (problem.isEmpty()) {
        message_->clear();
        message_->hide();
        return;
    }
    message_->setProperty("error", false);
    message_->setText(tr("Not ready to run: %1").arg(problem));
    message_->setStyleSheet("color: #8a5a00");
    message_->show();
}

void NodeListEditor::updateColumns()
{
    for (int c = 0; c < NodeTableModel::ColumnCount; ++c)
        view_->setColumnHidden(c, !allFields_->isChecked() && !basicColumn(c));
}

} // namespace cs::app
