#pragma once
// Help > User manual: docs/manual.md (with its screenshots), compiled into
// the program as a resource, shown in a QTextBrowser. The screenshots are
// scaled to the text's width whenever the text's viewport changes size. Links to other parts of the manual follow; links to
// the web open in the desktop's browser.
#include <QDialog>

class QTextBrowser;

namespace cs::app {

class HelpWindow : public QDialog {
    Q_OBJECT
public:
    explicit HelpWindow(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }
    // The manual's resource: qrc:/manual/docs/manual.md.
    static QUrl manualUrl();

protected:
    // The browser's viewport resized (after the dialog's own resize, once
    // its layout has run): the screenshots are fitted to the new width.
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void fitImages();

    QTextBrowser* browser_;
};

} // namespace cs::app
