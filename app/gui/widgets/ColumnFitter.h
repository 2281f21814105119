#pragma once
#include <QObject>

class QTableView;

namespace cs::app {

// Keeps every column of a table inside its viewport, its cells' text whole: each column as wide as its widest
// cell or header when they all fit (the last column takes what is left); else the widest columns are narrowed to
// one common width until they fit, and their text wraps, the rows as tall as their cells. A cell's text is then
// never cut off on the right, nor the table scrolled sideways (issue 48, cramped at 1280x800: the Calibration
// dock's Program page read "yes (a..." in its Applied column). It follows the viewport's width (not its
// height, which a splitter's handle changes) and refit() is called after the table is filled. Owned by the table.
class ColumnFitter : public QObject {
    Q_OBJECT
public:
    explicit ColumnFitter(QTableView* table);

    void refit();

signals:
    void fitted(); // the columns and rows have their new sizes

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QTableView* table_;
    bool fitting_ = false;
};

} // namespace cs::app
