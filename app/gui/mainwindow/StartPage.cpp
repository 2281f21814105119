#include "app/gui/mainwindow/StartPage.h"
#include "app/gui/mainwindow/RecentFiles.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/document/PresetFolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace cs::app {

namespace {
QString presetDir()
{
    return QString::fromStdString(presetFolder(QCoreApplication::applicationDirPath().toStdString()));
}
} // namespace

QString summaryOf(const QString& text, int maxChars)
{
    const QString t = text.simplified();
    if (t.size() <= maxChars)
        return t;
    // Whole sentences: the last ". " (or "; ") that ends within the limit.
    for (int i = maxChars - 1; i > maxChars / 3; --i)
        if ((t[i] == '.' || t[i] == ';') && i + 1 < t.size() && t[i + 1] == ' ')
            return t.left(i + 1);
    // Whole words: up to the last space within the limit.
    const int space = t.lastIndexOf(' ', maxChars - 1);
    return (space > 0 ? t.left(space) : t.left(maxChars - 1)) + QStringLiteral("\u2026");
}

StartPage::StartPage(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* title = new QLabel(tr("<h1>ClusterScope</h1><p>Explore the design space of computer clusters with the "
                                "analytic models of the cluster papers. Open a preset to start, or a recent file.</p>"));
    title->setWordWrap(true);
    layout->addWidget(title);

    auto* columns = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("<b>Presets</b> (the clusters of the seed papers)")));
    presets_ = new QListWidget;
    presets_->setObjectName("presetList");
    presets_->setWordWrap(true);
    presets_->setSpacing(3);
    left->addWidget(presets_);
    columns->addLayout(left, 3);

    auto* right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("<b>Recent files</b>")));
    recent_ = new QListWidget;
    recent_->setObjectName("recentList");
    right->addWidget(recent_);
    auto* newButton = new QPushButton(tr("New empty design"));
    right->addWidget(newButton);
    columns->addLayout(right, 2);
    layout->addLayout(columns);

    connect(presets_, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* it) { emit presetRequested(it->data(Qt::UserRole).toString()); });
    connect(recent_, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* it) { emit fileRequested(it->data(Qt::UserRole).toString()); });
    connect(newButton, &QPushButton::clicked, this, &StartPage::newRequested);
    refresh();
}

void StartPage::refresh()
{
    presets_->clear();
    const QDir dir(presetDir());
    for (const QString& f : dir.entryList({"*.json"}, QDir::Files, QDir::Name)) {
        QString text = QFileInfo(f).completeBaseName();
        QString tip;
        try {
            const DesignDocument d = loadDocument(dir.filePath(f).toStdString());
            text = QString("%1\n%2\nsource: %3")
                       .arg(QString::fromStdString(d.name), summaryOf(QString::fromStdString(d.description), 220),
                            QString::fromStdString(d.source));
            tip = QString::fromStdString(d.description);
        } catch (const ModelError& e) {
            text += "\n" + tr("cannot be read: %1").arg(QString::fromStdString(e.what()).left(120));
        }
        auto* item = new QListWidgetItem(text, presets_);
        item->setData(Qt::UserRole, QFileInfo(f).completeBaseName());
        item->setToolTip(tip);
    }
    recent_->clear();
    for (const QString& p : RecentFiles::list()) {
        auto* item = new QListWidgetItem(QFileInfo(p).fileName() + "\n" + p, recent_);
        item->setData(Qt::UserRole, p);
    }
}

} // namespace cs::app
