#pragma once
// The generator dialog builds its network on a worker thread: a test that
// accepts it waits (running the event loop) until the network is placed or
// refused. The bound only stops a hung test; the test's checks decide.
#include "app/gui/topology/GeneratorDialog.h"

#include <QDeadlineTimer>
#include <QTest>

namespace cs::app::test {

inline void acceptAndWait(GeneratorDialog* dlg)
{
    dlg->accept();
    const QDeadlineTimer deadline(120000);
    while (dlg->isBuilding() && !deadline.hasExpired())
        QTest::qWait(10);
}

} // namespace cs::app::test
