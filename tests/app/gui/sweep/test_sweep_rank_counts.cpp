// The sweep panel's banner names a block input that counts other ranks than the job's P, with both numbers
// (issue 45: a rank count set apart from the job's is never silent), and says nothing once it is wired.
#include "../../../model/document/UnwiredFftDesign.h"

#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"
#include "model/document/EditOps.h"

#include <QLabel>
#include <QSignalSpy>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("the sweep banner names fft.P = 8 beside the job's P, and is hidden once P is wired into it",
          "[gui][sweep][rankcounts]")
{
    nlohmann::json j = cs::test::unwiredFftDesign();
    j["sweep"] = {{"axes", {{{"path", "P"}, {"values", "8,4,2"}}}}};
    DocumentModel model;
    model.setDocument(parseDocument(j.dump()), {});
    SweepPanel panel(&model);
    test::showCharts(panel, 1000, 600);
    QLabel* banner = panel.failuresBanner();
    REQUIRE(banner);
    CHECK(banner->isVisible());
    // At P = 8 the two agree; the first point they do not is P = 4.
    CHECK(banner->text().toStdString() ==
          "warning: fft.P = 8 counts other ranks than the job's P = 4 (at P = 4): fft is priced for 8 ranks while "
          "the job runs 4; wire P into fft.P so that it follows the job");
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(model.apply("Wire P", edit::op::wire(Source::designParam("P"), Endpoint{"fft", "P"})).isEmpty());
    REQUIRE(updated.wait(20000));
    QCoreApplication::processEvents();
    CHECK(!banner->isVisible());
}
