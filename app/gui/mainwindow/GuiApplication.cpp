#include "app/gui/mainwindow/GuiApplication.h"

#include <QEvent>
#include <QMetaEnum>

#include <cstdio>
#include <exception>

namespace cs::app {

GuiApplication::GuiApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuiApplication::notify(QObject* receiver, QEvent* event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception& e) {
        report(QString::fromUtf8(e.what()), receiver, event);
    } catch (...) {
        report(tr("an unknown exception"), receiver, event);
    }
    return false;
}

void GuiApplication::report(const QString& what, QObject* receiver, QEvent* event)
{
    ++caught_;
    // Messages can quote file contents: keep the first few lines' worth.
    const QString text = what.size() > 600 ? what.left(600) + QStringLiteral("\u2026") : what;
    const QString where =
        tr("while %1 handled a %2 event")
            .arg(receiver ? QString::fromLatin1(receiver->metaObject()->className()) : QStringLiteral("?"),
                 QString::fromLatin1(QMetaEnum::fromType<QEvent::Type>().valueToKey(event ? event->type() : 0)));
    std::fprintf(stderr, "clusterscope: internal error %s: %s\n", where.toLocal8Bit().constData(),
                 text.toLocal8Bit().constData());
    // A report shows a dialog with an event loop of its own; an error inside
    // it is logged above but not reported again.
    if (!handler_ || reporting_)
        return;
    reporting_ = true;
    try {
        handler_(text + "\n\n(" + where + ")");
    } catch (...) {
    }
    reporting_ = false;
}

} // namespace cs::app
