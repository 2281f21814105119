// Preset descriptions on the start page end at a sentence or a word, never
// mid-word (issue 15, defect 8).
#include "app/gui/mainwindow/StartPage.h"

#include <QListWidget>
#include <catch2/catch.hpp>

using cs::app::StartPage;
using cs::app::summaryOf;

TEST_CASE("a long description is cut at a sentence or a word", "[gui][start]")
{
    CHECK(summaryOf("Short.", 20) == "Short.");
    // "One two. Three four five." is 25 characters; 20 keeps the first sentence.
    CHECK(summaryOf("One two. Three four five.", 20) == "One two.");
    // A first sentence longer than the limit: whole words and an ellipsis.
    CHECK(summaryOf("alpha beta gamma delta epsilon", 13) == QString("alpha beta") + QChar(0x2026));
}

TEST_CASE("the start page's preset entries end their description at a word", "[gui][start]")
{
    StartPage page;
    QListWidget* list = page.presetList();
    REQUIRE(list->count() >= 10);
    for (int i = 0; i < list->count(); ++i) {
        const QStringList lines = list->item(i)->text().split('\n');
        REQUIRE(lines.size() >= 3);
        QString shown = lines[1];
        const QString full = list->item(i)->toolTip().simplified();
        INFO(shown.toStdString());
        if (shown.endsWith(QChar(0x2026)))
            shown.chop(1);
        REQUIRE(full.startsWith(shown));
        // The shown part ends the description, a sentence, or a word.
        const bool whole = shown.size() == full.size() || shown.endsWith('.') || shown.endsWith(';') ||
                           full[shown.size()] == ' ';
        CHECK(whole);
    }
}
