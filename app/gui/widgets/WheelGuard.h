#pragma once
#include <QObject>

class QCoreApplication;

namespace cs::app {

// The scroll wheel never changes a value field that does not have the focus.
// Installed once on the application (MainWindow does it), it watches every
// combo box, spin box and slider: they take focus by click or Tab only, and a
// wheel turn over one without focus scrolls the form around it (the nearest
// scroll area) instead of changing the value, and so makes no document edit.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Installs the guard on `app` (once; later calls do nothing).
    static void install(QCoreApplication* app);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace cs::app
