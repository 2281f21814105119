#pragma once
#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace cs::app {

// The keys of a window's commands (File > Export plot..., Save, New) reach the
// window from its text fields too (issue 48, defect 15). With the X11, GNOME
// and KDE key schemes a QLineEdit claims Ctrl+E for itself ("end of line", as
// in Emacs) before any shortcut is tried, so Ctrl+E did nothing while a sweep
// range field had the focus. Installed on the application, this filter turns
// down a line edit's claim on the shortcut of an action it was given, when the
// field is in `window` (a floating dock of it too); the action then runs. The
// field keeps every other key: copy, paste, undo and select all stay its own.
class WindowCommandKeys : public QObject {
    Q_OBJECT
public:
    // Watches the application's events for the line edits inside `window` (its parent too).
    explicit WindowCommandKeys(QWidget* window);
    // A command whose shortcuts the window's line edits leave to it.
    void add(QAction* action);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* window_;
    QList<QPointer<QAction>> actions_;
};

} // namespace cs::app
