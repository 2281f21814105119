#include "app/plots/PlotStyle.h"

namespace cs::plots {

QColor variantColor(int i)
{
    // Okabe-Ito: distinguishable with colour-vision deficiencies.
    static const QColor colors[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115),
                                    QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                    QColor(240, 228, 66), QColor(0, 0, 0)};
    return colors[static_cast<unsigned>(i) % 8];
}

} // namespace cs::plots
