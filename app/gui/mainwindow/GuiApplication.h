#pragma once
#include <QApplication>
#include <QString>

#include <functional>

namespace cs::app {

// The GUI's application object and its last line of defence. Qt cannot carry
// an exception through its event loop: one that escapes an event handler or
// a queued slot ends the program, taking unsaved work with it. notify()
// catches it instead, hands a one-paragraph description to the error handler
// (the main window reports it and offers a recovery copy), and the program
// goes on with the next event.
class GuiApplication : public QApplication {
    Q_OBJECT
public:
    GuiApplication(int& argc, char** argv);

    bool notify(QObject* receiver, QEvent* event) override;

    // Receives what went wrong, on the GUI thread. Without one, the
    // description goes to stderr.
    using ErrorHandler = std::function<void(const QString& what)>;
    void setErrorHandler(ErrorHandler handler) { handler_ = std::move(handler); }
    // How many exceptions notify() has caught (for tests and the log).
    int caught() const { return caught_; }

private:
    void report(const QString& what, QObject* receiver, QEvent* event);

    ErrorHandler handler_;
    int caught_ = 0;
    bool reporting_ = false;
};

} // namespace cs::app
