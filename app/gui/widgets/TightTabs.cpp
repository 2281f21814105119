#include "app/gui/widgets/TightTabs.h"

#include <QProxyStyle>
#include <QTabBar>

#include <algorithm>

namespace cs::app {

namespace {

class TightTabStyle : public QProxyStyle {
public:
    explicit TightTabStyle(int saved) : saved_(saved) {}
    int pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const override
    {
        const int base = QProxyStyle::pixelMetric(metric, option, widget);
        return metric == PM_TabBarTabHSpace ? std::max(4, base - saved_) : base;
    }

private:
    int saved_;
};

} // namespace

void tightenTabs(QTabBar* bar, int saved)
{
    auto* style = new TightTabStyle(saved);
    style->setParent(bar);
    bar->setStyle(style);
}

} // namespace cs::app
