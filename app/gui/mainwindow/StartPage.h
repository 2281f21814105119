#pragma once
#include <QWidget>

class QListWidget;

namespace cs::app {

// The start page: a gallery of presets (name, description, source) and the
// recent files. Activating an entry emits the request; the window opens it.
// The start of `text` in at most `maxChars` characters: whole sentences if
// the first one fits, else whole words followed by an ellipsis; never a cut
// word. The full text goes in the entry's tooltip.
QString summaryOf(const QString& text, int maxChars);

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    void refresh();
    QListWidget* presetList() const { return presets_; }

signals:
    void presetRequested(const QString& name);
    void fileRequested(const QString& path);
    void newRequested();

private:
    QListWidget* presets_;
    QListWidget* recent_;
};

} // namespace cs::app
