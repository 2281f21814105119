#include "app/gui/help/HelpWindow.h"

#include <QEvent>
#include <QImage>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cs::app {

HelpWindow::HelpWindow(QWidget* parent) : QDialog(parent)
{
    setObjectName("helpWindow");
    setWindowTitle(tr("ClusterScope user manual"));
    browser_ = new QTextBrowser(this);
    browser_->setObjectName("manualBrowser");
    browser_->setOpenExternalLinks(true);
    browser_->setSource(manualUrl(), QTextDocument::MarkdownResource);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser_);
    resize(900, 700);
    connect(browser_, &QTextBrowser::sourceChanged, this, &HelpWindow::fitImages);
    browser_->viewport()->installEventFilter(this);
    fitImages();
}

QUrl HelpWindow::manualUrl()
{
    return QUrl(QStringLiteral("qrc:/manual/docs/manual.md"));
}

bool HelpWindow::eventFilter(QObject* watched, QEvent* e)
{
    // Fitted on the dialog's resize, the images took the viewport's width
    // before the layout had given it the new one: 200-px thumbnails.
    if (watched == browser_->viewport() && e->type() == QEvent::Resize)
        fitImages();
    return QDialog::eventFilter(watched, e);
}

void HelpWindow::fitImages()
{
    // Each screenshot at most the text's width, keeping its aspect ratio.
    QTextDocument* doc = browser_->document();
    const double room = std::max(200, browser_->viewport()->width() - 2 * static_cast<int>(doc->documentMargin()) - 8);
    QTextCursor cursor(doc);
    cursor.beginEditBlock();
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (!f.charFormat().isImageFormat())
                continue;
            QTextImageFormat img = f.charFormat().toImageFormat();
            const QImage image = doc->resource(QTextDocument::ImageResource, QUrl(img.name())).value<QImage>();
            if (image.isNull() || image.width() <= 0)
                continue;
            const double w = std::min<double>(room, image.width());
            if (std::abs(img.width() - w) < 1.0)
                continue;
            img.setWidth(w);
            img.setHeight(w * image.height() / image.width());
            cursor.setPosition(f.position());
            cursor.setPosition(f.position() + f.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(img);
        }
    cursor.endEditBlock();
}

} // namespace cs::app
