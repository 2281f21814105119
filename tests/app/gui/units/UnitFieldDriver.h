#pragma once
// The inspector's and the Generate dialog's fields driven as a user drives them, shared by the unit tests of
// typed fields (issue 48, defect 14): a design parameter selected on the block canvas, and the topology editor's
// Generate dialog opened from its tool button. Lines are typed with cs::test::typeInto (MainWindowDriver.h).
#include "../MainWindowDriver.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QFile>
#include <QToolButton>

namespace cs::test {

// Writes a design document's text to `path`, for the window to open as a user's file.
inline void writeDocument(const QString& path, const char* text)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Clicks the design parameter's node on the block canvas, as a user selects it for the inspector; returns the
// inspector's field for it.
inline QLineEdit* selectParameter(app::MainWindow& w, const QString& name)
{
    w.showTab(1);
    QCoreApplication::processEvents();
    app::canvas::BlockNode* n = w.blockCanvas()->node(name);
    REQUIRE(n);
    QGraphicsView* view = w.blockCanvas()->view();
    view->centerOn(n);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(n->pos() + QPointF(n->size().width() / 2, 10)));
    QCoreApplication::processEvents();
    REQUIRE(w.inspector()->form());
    return w.inspector()->form()->findChild<QLineEdit*>("edit:" + name);
}

// Opens the topology editor's Generate dialog from its tool button.
inline app::GeneratorDialog* openGenerate(app::MainWindow& w)
{
    w.showTab(0);
    QToolButton* generate = nullptr;
    for (QToolButton* b : w.topologyEditor()->findChildren<QToolButton*>())
        if (b->text().startsWith("Generate"))
            generate = b;
    REQUIRE(generate);
    QTest::mouseClick(generate, Qt::LeftButton);
    QCoreApplication::processEvents();
    auto* dialog = w.findChild<app::GeneratorDialog*>();
    REQUIRE(dialog);
    REQUIRE(dialog->isVisible());
    return dialog;
}

} // namespace cs::test
