// The GUI-open fuzz harness: opens every document of the fuzz corpus (and
// the presets) in the main window offscreen, then mutated copies of them,
// for a bounded time, and lets every view draw what it read. No input may
// crash the GUI or reach its last line of defence (GuiApplication): a load
// is accepted or refused in words. Then the sections other readers trust
// (measured, nodes, calibration) are put in a valid document as they are,
// bypassing the loader, to check that the GUI survives them on its own
// (there, an exception caught by the last line of defence is allowed).
//
//   cs_gui_open_fuzz [--seconds N] [--seed S] DIR_OR_FILE...
//
// Exit status 0 when nothing crashed and no exception escaped, 1 otherwise.
// Run by ctest (make test) with QT_QPA_PLATFORM=offscreen.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/GuiApplication.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/ProbeSession.h"
#include "model/core/ModelError.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"
#include "model/core/StrictJson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

// Tokens that have broken readers, spliced into the documents.
const char* const kTokens[] = {"1e309", "-1e400", "4294967297", "null", "[]", "{}", "\"\"", "[[[[[[[[", "]]]]",
                               "{\"a\":", "-1", "0", "1e300", "\"x.\"", "true", "\"-oProxyCommand=x\"", ",", ":"};

std::string mutate(const std::string& text, std::mt19937& rng)
{
    std::string s = text;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !s.empty(); ++e) {
        const std::size_t at = rng() % s.size();
        switch (rng() % 5) {
        case 0: // flip a byte
            s[at] = static_cast<char>(rng() % 256);
            break;
        case 1: // splice a token
            s.insert(at, kTokens[rng() % (sizeof kTokens / sizeof *kTokens)]);
            break;
        case 2: // cut a range
            s.erase(at, rng() % 64);
            break;
        case 3: // repeat a range
            s.insert(at, s.substr(at, rng() % 64));
            break;
        default: { // replace a number or string value after a colon with a token
            const std::size_t colon = s.find(':', at);
            if (colon != std::string::npos) {
                const std::size_t end = s.find_first_of(",}]", colon + 1);
                s.replace(colon + 1, end == std::string::npos ? 0 : end - colon - 1,
                          kTokens[rng() % (sizeof kTokens / sizeof *kTokens)]);
            }
        }
        }
    }
    return s;
}

std::vector<std::string> inputs(const QStringList& roots)
{
    std::vector<std::string> files;
    for (const QString& r : roots) {
        const QFileInfo fi(r);
        if (fi.isDir()) {
            for (const QFileInfo& f : QDir(r).entryInfoList(QDir::Files, QDir::Name))
                files.push_back(f.absoluteFilePath().toStdString());
        } else if (fi.isFile()) {
            files.push_back(fi.absoluteFilePath().toStdString());
        }
    }
    return files;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    cs::app::GuiApplication app(argc, argv);
    // Each test process keeps its settings in a directory of its own: ctest
    // runs two processes at once, and one that stores a preference (bytes
    // for bandwidths) must not change what another one formats.
    const QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    QApplication::setOrganizationName("ClusterScopeFuzz");
    QApplication::setApplicationName("ClusterScopeFuzz");
    cs::app::ProbeSession::setConsentPrompt([](const QStringList&) { return false; });

    double seconds = 40;
    unsigned seed = 1;
    QStringList roots;
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == "--seconds" && i + 1 < args.size())
            seconds = args[++i].toDouble();
        else if (args[i] == "--seed" && i + 1 < args.size())
            seed = args[++i].toUInt();
        else
            roots << args[i];
    }
    const std::vector<std::string> files = inputs(roots);
    if (files.empty()) {
        std::fprintf(stderr, "gui_open_fuzz: no input files\n");
        return 2;
    }

    // An exception that reaches the last line of defence fails the run when
    // the document went through the loader; with sections put in unchecked,
    // the defence doing its job is enough (the process must not die).
    int escaped = 0, caughtInjected = 0;
    bool injecting = false;
    std::string current;
    app.setErrorHandler([&](const QString& what) {
        if (injecting) {
            ++caughtInjected;
            return;
        }
        ++escaped;
        std::fprintf(stderr, "gui_open_fuzz: an exception escaped to the event loop with %s: %s\n", current.c_str(),
                     what.toLocal8Bit().constData());
    });

    cs::app::MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.showDesign();
    QTemporaryDir dir;
    const QString scratch = dir.filePath("input.json");
    QElapsedTimer clock;
    clock.start();
    std::mt19937 rng(seed);
    int opened = 0, refused = 0, injected = 0;

    // Loads `text` as a file, lets every view read and draw it.
    auto open = [&](const std::string& text) {
        cs::writeFileAtomically(scratch.toStdString(), text);
        try {
            w.model()->load(scratch);
            ++opened;
        } catch (const cs::ModelError&) {
            ++refused;
        }
        for (int tab = 0; tab < 2; ++tab) {
            w.showTab(tab);
            QCoreApplication::processEvents();
            (void)w.grab();
        }
    };
    // The sections other readers trust, unvalidated, in a valid document.
    auto inject = [&](const std::string& text) {
        nlohmann::json j;
        try {
            j = cs::parseStrictJson(text);
        } catch (const cs::ModelError&) {
            return;
        }
        if (!j.is_object())
            return;
        cs::DesignDocument doc = w.model()->doc();
        bool any = false;
        for (const char* key : {"measured", "calibration", "nodes"})
            if (auto it = j.find(key); it != j.end()) {
                (std::string(key) == "measured" ? doc.measured : std::string(key) == "nodes" ? doc.nodes : doc.calibration) = *it;
                any = true;
            }
        if (!any)
            return;
        ++injected;
        injecting = true;
        w.model()->setDocument(doc, {});
        QCoreApplication::processEvents();
        (void)w.grab();
        injecting = false;
    };

    std::size_t round = 0;
    do {
        for (const std::string& f : files) {
            std::string text;
            try {
                text = cs::readFile(f);
            } catch (const cs::ModelError&) {
                continue;
            }
            current = f + (round == 0 ? std::string() : " (mutated, round " + std::to_string(round) + ")");
            const std::string input = round == 0 ? text : mutate(text, rng);
            open(input);
            inject(input);
            if (round > 0 && clock.elapsed() > seconds * 1000)
                break;
        }
        ++round;
    } while (clock.elapsed() < seconds * 1000);

    std::printf("gui_open_fuzz: %zu files, %zu rounds: %d opened, %d refused, %d injected (%d exceptions caught), "
                "%d escaped\n",
                files.size(), round, opened, refused, injected, caughtInjected, escaped);
    return escaped == 0 ? 0 : 1;
}
