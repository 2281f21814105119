#include "app/gui/widgets/ColumnFitter.h"

#include <QResizeEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>
#include <vector>

namespace cs::app {

ColumnFitter::ColumnFitter(QTableView* table) : QObject(table), table_(table)
{
    table_->setWordWrap(true);
    table_->setTextElideMode(Qt::ElideNone);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->viewport()->installEventFilter(this);
}

void ColumnFitter::refit()
{
    const int columns = table_->model() ? table_->model()->columnCount() : 0;
    if (fitting_ || columns == 0)
        return;
    fitting_ = true;
    QHeaderView* header = table_->horizontalHeader();
    const int room = table_->viewport()->width();
    std::vector<int> natural(static_cast<std::size_t>(columns));
    int total = 0;
    for (int c = 0; c < columns; ++c) {
        // sizeHintForColumn: the widest cell on one line; the header's own hint for its title.
        // (through QAbstractItemView, where it is public).
        const int cells = static_cast<QAbstractItemView*>(table_)->sizeHintForColumn(c);
        natural[static_cast<std::size_t>(c)] = std::max(cells, header->sectionSizeHint(c));
        total += natural[static_cast<std::size_t>(c)];
    }
    std::vector<int> width = natural;
    if (total > room && room > 0) {
        // The widest columns narrowed to a common width `cap`, the largest at which they all fit.
        std::vector<int> sorted = natural;
        std::sort(sorted.begin(), sorted.end());
        int below = 0; // the sum of the columns narrower than the cap
        int cap = room / columns;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            const int rest = static_cast<int>(sorted.size() - i);
            const int c = (room - below) / rest;
            if (c <= sorted[i]) {
                cap = c;
                break;
            }
            below += sorted[i];
        }
        for (int& w : width)
            w = std::max(1, std::min(w, cap));
    }
    for (int c = 0; c < columns; ++c)
        header->resizeSection(c, width[static_cast<std::size_t>(c)]);
    table_->resizeRowsToContents();
    fitting_ = false;
    emit fitted();
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == table_->viewport() && e->type() == QEvent::Resize) {
        const auto* r = static_cast<QResizeEvent*>(e);
        if (r->size().width() != r->oldSize().width())
            refit();
    }
    return QObject::eventFilter(watched, e);
}

} // namespace cs::app
