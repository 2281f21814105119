#pragma once
#include <QDialog>
#include <QFutureWatcher>
#include <QPointF>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QProgressBar;
class QTimer;
class QWidget;

namespace cs {
class Generator;
class Topology;
}

namespace cs::app {

class DocumentModel;

// Lists every generator of GeneratorRegistry::builtin() with its parameters
// (a spin box per number, in its display unit and range, a list for a
// choice; the meaning and source as tooltips), checks them live with the
// generator's own rules, previews the counts, and on accept places the
// generated topology, laid out, as one undo step (DocumentModel::setTopology
// with positions). On a problem it stays open and shows it. Replacing a
// drawing asks first (the replace prompt), though Undo would bring it back.
//
// The network is built and laid out on a worker thread (QtConcurrent), with
// the stage shown under a busy bar: a million-host generator takes seconds,
// which froze the window when it ran on the GUI thread (the dialog refused
// anything above 200,000 vertices for that reason). Cancel stops waiting for
// it and leaves the dialog open; the stage that runs finishes in the
// background and its result is dropped. Only the memory a network needs
// (topologyBuildProblem) refuses it now.
class GeneratorDialog : public QDialog {
    Q_OBJECT
public:
    explicit GeneratorDialog(DocumentModel* model, QWidget* parent = nullptr);

    // For tests and scripts: choose a generator by name, set a parameter by
    // symbol (SI units; a choice by index). False if unknown.
    bool selectGenerator(const QString& name);
    bool setParam(const QString& symbol, double value);
    const Generator* generator() const { return gen_; }
    std::vector<double> values() const; // spec order, SI
    QString problem() const;            // "" when the parameters can be built
    QString preview() const;            // "builds 16 hosts, 1 switch, 16 links"
    // The undo text accept() gives: "Generate star (n = 8, latency = 10 us)".
    QString editText() const;

    // Asked before a generated network replaces the drawing; `what` describes
    // the drawing ("12 hosts, 1 switch, 12 links"). True replaces it. By
    // default a question box; tests replace it.
    using ReplacePrompt = std::function<bool(const QString& what)>;
    static void setReplacePrompt(ReplacePrompt prompt);

    // True while a network is being built (accept() started it).
    bool isBuilding() const { return building_; }

public slots:
    void accept() override;
    // While building: stops waiting and stays open. Otherwise closes.
    void reject() override;

signals:
    void placed(); // the built network is in the document (the dialog then closes)

private:
    struct Built {
        std::shared_ptr<Topology> topology;
        std::map<std::string, QPointF> positions;
        QString error;
        bool cancelled = false;
    };
    static ReplacePrompt& replacePrompt();
    void showGenerator(int row);
    void refresh();
    void built();
    void setBuilding(bool on, const QString& stage = {});

    DocumentModel* model_;
    QListWidget* list_;
    QLabel* title_;
    QLabel* description_;
    QLabel* source_;
    QWidget* form_ = nullptr;
    QGridLayout* grid_ = nullptr;
    QLabel* preview_;
    QLabel* error_;
    QDialogButtonBox* buttons_;
    const Generator* gen_ = nullptr;
    std::vector<QWidget*> editors_;
    QProgressBar* progress_;
    QLabel* stage_;
    QTimer* stagePoll_;
    QFutureWatcher<Built> watcher_;
    // What the worker shares with the dialog: atomics only, so that neither
    // touches the other's objects (the dialog may close while it runs).
    struct Job {
        std::atomic<bool> cancel{false};
        std::atomic<int> stage{0}; // 1 building, 2 laying out
    };
    std::shared_ptr<Job> job_;
    bool building_ = false;
    QString pendingText_; // the undo text of the running build
};

} // namespace cs::app
