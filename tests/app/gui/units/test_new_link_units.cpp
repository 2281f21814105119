// Issue 48, defect 14: the bandwidth preference (View's bits or bytes, Edit > Preferences) did not change the
// topology editor's "New links: 1000 Mbit/s" control of a new design.
#include "../mainwindow/WindowAt1280.h"
#include "app/gui/mainwindow/PreferencesDialog.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/plots/RateUnit.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// Edit > Preferences..., the bandwidth unit set to `family`, OK.
void choose(MainWindow& w, plots::RateFamily family)
{
    QTimer::singleShot(0, [family] {
        auto* d = qobject_cast<PreferencesDialog*>(QApplication::activeModalWidget());
        REQUIRE(d);
        d->bandwidthUnits()->setCurrentIndex(d->bandwidthUnits()->findData(int(family)));
        d->accept();
    });
    w.findChild<QAction*>("preferencesAction")->trigger();
    QCoreApplication::processEvents();
}

} // namespace

TEST_CASE("the new-link bandwidth of a new design follows the bandwidth preference (issue 48, defect 14)",
          "[gui][units][topology]")
{
    const plots::RateFamily before = plots::ratePreference();
    MainWindow w;
    test::showAt1280x800(w);
    w.findChild<QAction*>("newAction")->trigger();
    w.showTab(0);
    QCoreApplication::processEvents();
    auto* combo = w.topologyEditor()->findChild<QComboBox*>("linkBandwidth");
    REQUIRE(combo);
    // The default for new links is 1.25e8 B/s: 1 Gbit/s in bits (1.25e8 * 8 = 1e9 bit/s), 125 MB/s in bytes.
    choose(w, plots::RateFamily::Bytes);
    CHECK(combo->currentText() == "125 MB/s");
    choose(w, plots::RateFamily::Bits);
    CHECK(combo->currentText() == "1 Gbit/s");
    w.topologyEditor()->grab().save("/tmp/cs-gui-shots/new_links.png");
    plots::setRatePreference(before);
}
