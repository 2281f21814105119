#include "app/gui/widgets/WheelGuard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollBar>
#include <QWheelEvent>

namespace cs::app {

namespace {

bool isValueField(const QObject* o)
{
    return qobject_cast<const QComboBox*>(o) || qobject_cast<const QAbstractSpinBox*>(o) ||
           (qobject_cast<const QAbstractSlider*>(o) && !qobject_cast<const QScrollBar*>(o));
}

} // namespace

void WheelGuard::install(QCoreApplication* app)
{
    if (!app || app->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    app->installEventFilter(new WheelGuard(app));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Polish && isValueField(watched)) {
        // Qt::WheelFocus would hand the focus to the field the wheel passes over.
        auto* w = static_cast<QWidget*>(watched);
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (event->type() != QEvent::Wheel || !isValueField(watched))
        return false;
    auto* field = static_cast<QWidget*>(watched);
    if (field->hasFocus())
        return false;
    // Scroll the form that holds the field, as if the field were not there.
    for (QWidget* p = field->parentWidget(); p; p = p->parentWidget()) {
        auto* area = qobject_cast<QAbstractScrollArea*>(p);
        if (!area || area == field)
            continue;
        auto* wheel = static_cast<QWheelEvent*>(event);
        const QPointF pos = area->viewport()->mapFromGlobal(wheel->globalPosition());
        QWheelEvent copy(pos, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(),
                         wheel->modifiers(), wheel->phase(), wheel->inverted(), wheel->source());
        QCoreApplication::sendEvent(area->viewport(), &copy);
        break;
    }
    return true;
}

} // namespace cs::app
