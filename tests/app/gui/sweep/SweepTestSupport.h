#pragma once
// What the sweep panel's tests share: the FFT design they sweep, and showing a panel until its charts are drawn.
#include "../../../model/document/FftSweepDesign.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <catch2/catch.hpp>

namespace cs::test {

// The shared FFT design (tests/model/document/FftSweepDesign.h), P swept over 1, 2, 4, 8, 16.
inline DesignDocument fftSweepDoc()
{
    return parseDocument(fftSweepDesign());
}

// Shows `panel` at width x height and waits (20 s at most) until it has drawn the charts of its first sweep,
// which runs off the GUI thread.
inline void showCharts(app::SweepPanel& panel, int width, int height)
{
    QSignalSpy updated(&panel, &app::SweepPanel::plotsUpdated);
    panel.resize(width, height);
    panel.show();
    REQUIRE((updated.count() > 0 || updated.wait(20000)));
    QCoreApplication::processEvents();
}

} // namespace cs::test
