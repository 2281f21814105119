#include "app/gui/widgets/WindowCommandKeys.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>

namespace cs::app {

WindowCommandKeys::WindowCommandKeys(QWidget* window) : QObject(window), window_(window)
{
    qApp->installEventFilter(this); // removed when this object goes, with the window
}

void WindowCommandKeys::add(QAction* action)
{
    actions_ << action;
}

bool WindowCommandKeys::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride || !qobject_cast<QLineEdit*>(watched))
        return false;
    // In the window, or in one of its docks floating apart from it (parentWidget crosses windows).
    const auto* w = static_cast<const QWidget*>(watched);
    while (w && w != window_)
        w = w->parentWidget();
    if (!w)
        return false;
    const QKeySequence pressed(static_cast<QKeyEvent*>(event)->keyCombination());
    for (const QPointer<QAction>& a : actions_)
        if (a && a->isEnabled() && a->shortcuts().contains(pressed)) {
            event->ignore(); // not the field's: the shortcut map tries the window's actions
            return true;
        }
    return false;
}

} // namespace cs::app
