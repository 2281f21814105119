#pragma once
// Answers the file dialog that the next action opens, as a user picks a file and presses its Save or Open.
#include <QApplication>
#include <QFileDialog>
#include <QTimer>

#include <memory>

namespace cs::test {

// Once the event loop runs, the modal file dialog then open selects `path` and is accepted. The flag it returns
// is set when there was such a dialog.
inline std::shared_ptr<bool> answerNextFileDialog(const QString& path)
{
    auto answered = std::make_shared<bool>(false);
    QTimer::singleShot(0, [answered, path] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        *answered = true;
        dialog->selectFile(path);
        QMetaObject::invokeMethod(dialog, "accept"); // what its Save or Open button does
    });
    return answered;
}

} // namespace cs::test
