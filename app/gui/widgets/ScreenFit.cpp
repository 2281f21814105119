#include "app/gui/widgets/ScreenFit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace cs::app {

QSize fitWithin(QSize wanted, QSize available)
{
    return wanted.boundedTo(QSize(available.width() - kFrameWidth, available.height() - kFrameHeight))
        .expandedTo(QSize(1, 1));
}

QSize sizeOnScreen(const QWidget* w, QSize wanted)
{
    const QScreen* screen = w && w->screen() ? w->screen() : QGuiApplication::primaryScreen();
    return screen ? fitWithin(wanted, screen->availableGeometry().size()) : wanted;
}

} // namespace cs::app
