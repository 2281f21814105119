#include "app/gui/mainwindow/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

// clusterscope [FILE | --preset NAME]
int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterScope");
    QApplication::setApplicationName("ClusterScope");
    QApplication::setApplicationVersion("0.1.0");

    QCommandLineParser parser;
    parser.setApplicationDescription("ClusterScope: a design-space explorer for computer clusters");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({"preset", "Open the preset NAME.", "NAME"});
    parser.addOption({"tab", "Show the topology (0) or blocks (1) tab.", "INDEX", "0"});
    parser.addPositionalArgument("file", "A design file to open.");
    parser.process(app);

    cs::app::MainWindow w;
    w.show();
    if (!w.offerRecovery()) {
        if (!parser.positionalArguments().isEmpty())
            w.openFile(parser.positionalArguments().front());
        else if (parser.isSet("preset"))
            w.openPreset(parser.value("preset"));
    }
    if (parser.isSet("tab"))
        w.showTab(parser.value("tab").toInt());
    return app.exec();
}
