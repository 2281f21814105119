#pragma once
// A block canvas over two blocks, LogGP `net` wired into the FFT `fft` (net.L_out -> fft.L), laid out by the
// canvas (no positions in the document), shown at a size: the paste tests' design (test_paste_offset.cpp and
// test_clipboard.cpp).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "model/document/DocumentFormat.h"

#include <QCoreApplication>

namespace cs::test {

// The document first: the canvas is made over a model that already holds it, as on opening a file.
struct TwoBlockDocument {
    app::DocumentModel model;
    TwoBlockDocument()
    {
        model.setDocument(parseDocument(R"({"format": "clusterscope-design", "version": 2,
          "blocks": [{"name": "net", "type": "logp.loggp"}, {"name": "fft", "type": "fftw.transpose"}],
          "wires": [{"from": "net.L_out", "to": "fft.L"}]})"),
                          {});
    }
};

struct TwoBlockCanvas : TwoBlockDocument {
    app::Selection selection;
    app::BlockCanvas canvas{&model, &selection};
    TwoBlockCanvas(int width, int height)
    {
        canvas.resize(width, height);
        canvas.show();
        QCoreApplication::processEvents();
    }
};

} // namespace cs::test
