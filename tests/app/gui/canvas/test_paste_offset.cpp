// Issue 48, defect 10 (its last part): a block pasted on the block canvas
// landed 40 px down and right of its original, almost on top of it (a node is
// far larger). A paste lands clear of what was copied, down and to the right,
// and the next paste of the same copy clear of that one.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "model/document/DocumentFormat.h"
#include "tests/app/gui/canvas/TwoBlockCanvas.h"

#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

QRectF bodyOf(const canvas::BlockNode* n)
{
    return QRectF(n->pos(), n->size());
}

} // namespace

TEST_CASE("a pasted block lands clear of its original and successive pastes cascade (issue 48 defect 10)",
          "[gui][canvas][clipboard]")
{
    test::TwoBlockCanvas two(1200, 800);
    BlockCanvas& canvas = two.canvas;
    REQUIRE(QTest::qWaitForWindowExposed(&canvas));
    QCoreApplication::processEvents();

    SECTION("one block")
    {
        REQUIRE(canvas.node("fft"));
        const QRectF original = bodyOf(canvas.node("fft"));
        canvas.node("fft")->setSelected(true);
        REQUIRE(canvas.copySelected());
        std::vector<QRectF> pasted;
        for (const char* name : {"transpose", "transpose2", "transpose3"}) {
            REQUIRE(canvas.paste().isEmpty());
            REQUIRE(canvas.node(name));
            pasted.push_back(bodyOf(canvas.node(name)));
        }
        CHECK(bodyOf(canvas.node("fft")) == original);
        for (std::size_t i = 0; i < pasted.size(); ++i) {
            INFO("paste " << i);
            const QRectF before = i == 0 ? original : pasted[i - 1];
            // Down and to the right of the one before, and clear of it and of the original.
            CHECK(pasted[i].left() > before.left());
            CHECK(pasted[i].top() > before.top());
            CHECK_FALSE(pasted[i].intersects(before));
            CHECK_FALSE(pasted[i].intersects(original));
            // Not flung far: within one node's height and a margin of the one before.
            CHECK(pasted[i].top() - before.top() <= before.height() + 60);
        }
    }

    SECTION("two blocks")
    {
        canvas.node("net")->setSelected(true);
        canvas.node("fft")->setSelected(true);
        const QRectF originals = bodyOf(canvas.node("net")) | bodyOf(canvas.node("fft"));
        REQUIRE(canvas.copySelected());
        REQUIRE(canvas.paste().isEmpty());
        REQUIRE(canvas.node("loggp"));
        REQUIRE(canvas.node("transpose"));
        CHECK_FALSE(bodyOf(canvas.node("loggp")).intersects(originals));
        CHECK_FALSE(bodyOf(canvas.node("transpose")).intersects(originals));
    }
}
