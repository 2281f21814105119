#pragma once
#include <QLabel>

namespace cs::app {

// A label of one line of plain text, elided on the right where it is narrower than its text, and asking for no
// width of its own: text() is the whole text, and its tooltip says all of it. For the inspector's line under each
// input (issue 48, cramped at 1280x800), where a wrapped line took three or four.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // True when the text does not fit and is shown elided.
    bool isElided() const;
    // Shows it as a detail line under a field or a header: 8 pt, in `color` (a grey).
    void setDetailStyle(const QColor& color);

protected:
    void paintEvent(QPaintEvent* e) override;
};

} // namespace cs::app
