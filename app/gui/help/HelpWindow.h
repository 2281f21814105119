#pragma once
// Help > User manual: the README (with its screenshots), compiled into the
// program as a resource, shown in a QTextBrowser. The screenshots are scaled
// to the window's width. Links to other parts of the manual follow; links to
// the web open in the desktop's browser.
#include <QDialog>

class QTextBrowser;

namespace cs::app {

class HelpWindow : public QDialog {
    Q_OBJECT
public:
    explicit HelpWindow(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }
    // The manual's resource: qrc:/manual/README.md.
    static QUrl manualUrl();

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitImages();

    QTextBrowser* browser_;
};

} // namespace cs::app
