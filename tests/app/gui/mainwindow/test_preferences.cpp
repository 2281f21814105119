// Edit > Preferences: the bandwidth unit, the autosave interval and the nodes
// a new design starts with; a node list that does not parse is refused with
// the entry named, and nothing is stored.
#include "app/document/Autosave.h"
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/mainwindow/PreferencesDialog.h"
#include "app/plots/PlotStyle.h"
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

TEST_CASE("byte prefixes chosen in Preferences are used by charts, tables, probe values and link labels",
          "[gui][preferences][units]")
{
    const BytePrefixes before = plots::prefixPreference();
    auto choose = [](BytePrefixes p) {
        PreferencesDialog d;
        d.bytePrefixes()->setCurrentIndex(d.bytePrefixes()->findData(int(p)));
        d.accept();
        REQUIRE(d.result() == QDialog::Accepted);
    };
    // 2048 B; 1.25e8 B/s (1 Gbit/s); a measured 104857600 B/s (100 * 2^20).
    choose(BytePrefixes::SI);
    CHECK(plots::formatOptions().bytePrefixes == BytePrefixes::SI);
    CHECK(plots::scaleFor(Unit::Bytes, 2048, plots::formatOptions()).name == "KB"); // 2.048 KB
    CHECK(formatMeasured(104857600, "B/s", plots::formatOptions()) == "104.9 MB/s"); // 104857600 / 1e6
    CHECK(plots::rateUnitFor({1.25e8}, plots::RateFamily::Bytes).format(1.25e8) == "125 MB/s");

    choose(BytePrefixes::Binary);
    CHECK(plots::scaleFor(Unit::Bytes, 2048, plots::formatOptions()).name == "KiB"); // 2 KiB
    CHECK(plots::scaleFor(Unit::BytesPerSecond, 1.25e8, plots::formatOptions()).name == "MiB/s");
    CHECK(formatMeasured(104857600, "B/s", plots::formatOptions()) == "100 MiB/s");
    // 1.25e8 / 1048576 = 119.209...: 119.2 MiB/s. Bit rates stay SI.
    CHECK(plots::rateUnitFor({1.25e8}, plots::RateFamily::Bytes).format(1.25e8) == "119.2 MiB/s");
    CHECK(plots::rateUnitFor({1.25e8}, plots::RateFamily::Bits).format(1.25e8) == "1 Gbit/s");

    // A window made now starts with the stored choice.
    {
        MainWindow w;
        CHECK(plots::formatOptions().bytePrefixes == BytePrefixes::Binary);
    }
    choose(BytePrefixes::Conventional);
    CHECK(plots::scaleFor(Unit::Bytes, 2048, plots::formatOptions()).name == "KiB");
    CHECK(plots::scaleFor(Unit::BytesPerSecond, 1.25e8, plots::formatOptions()).name == "MB/s");
    plots::setPrefixPreference(before);
}
