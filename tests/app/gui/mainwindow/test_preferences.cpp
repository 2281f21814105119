// Edit > Preferences: the bandwidth unit, the autosave interval and the nodes
// a new design starts with; a node list that does not parse is refused with
// the entry named, and nothing is stored.
#include "app/document/Autosave.h"
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/mainwindow/PreferencesDialog.h"
#include "app/plots/RateUnit.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("preferences are kept and a new design starts with the preferred nodes", "[gui][preferences]")
{
    QSettings().remove("nodes/default");
    QSettings().remove("autosave/seconds");
    const plots::RateFamily before = plots::ratePreference();
    {
        PreferencesDialog d;
        d.defaultNodes()->setText("local:cpu=0,bogus:1");
        d.accept();
        CHECK(d.result() != QDialog::Accepted);
        CHECK(d.error().contains("bogus"));
        CHECK(PreferencesDialog::defaultNodeList().isEmpty());
    }
    {
        PreferencesDialog d;
        d.defaultNodes()->setText("local:cpu=0,local:cpu=1");
        d.autosaveSeconds()->setValue(90);
        d.bandwidthUnits()->setCurrentIndex(d.bandwidthUnits()->findData(int(plots::RateFamily::Bytes)));
        d.accept();
        CHECK(d.result() == QDialog::Accepted);
    }
    CHECK(PreferencesDialog::autosaveIntervalMs() == 90000);
    CHECK(PreferencesDialog::defaultNodeList() == "local:cpu=0,local:cpu=1");
    CHECK(plots::ratePreference() == plots::RateFamily::Bytes);

    // File > New in a window made now: two local nodes, pinned to CPUs 0 and 1, and nothing to save.
    MainWindow w;
    CHECK(w.autosave()->interval() == 90000);
    QAction* newAction = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(QKeySequence::New))
            newAction = a;
    REQUIRE(newAction);
    newAction->trigger();
    REQUIRE(w.model()->doc().nodes.is_array());
    CHECK(w.model()->doc().nodes.size() == 2);
    CHECK_FALSE(w.model()->isModified());

    QSettings().remove("nodes/default");
    QSettings().remove("autosave/seconds");
    plots::setRatePreference(before);
}
