#pragma once
#include <QWidget>

class QListWidget;

namespace cs::app {

// The start page: a gallery of presets (name, description, source) and the
// recent files. Activating an entry emits the request; the window opens it.
class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    void refresh();

signals:
    void presetRequested(const QString& name);
    void fileRequested(const QString& path);
    void newRequested();

private:
    QListWidget* presets_;
    QListWidget* recent_;
};

} // namespace cs::app
