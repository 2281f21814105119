#pragma once
#include <QDialog>

#include <functional>
#include <string>
#include <vector>

class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QWidget;

namespace cs {
class Generator;
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

public slots:
    void accept() override;

private:
    static ReplacePrompt& replacePrompt();
    void showGenerator(int row);
    void refresh();

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
};

} // namespace cs::app
