#pragma once
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace cs::app {

class DocumentModel;

// Writes the document to a recovery file every `interval` while it has
// unsaved changes, and removes the file once the changes are saved or
// discarded. After a crash, pending() lists the recovery files left behind.
class Autosave : public QObject {
    Q_OBJECT
public:
    // `folder` defaults to <AppLocalDataLocation>/recovery.
    Autosave(DocumentModel* model, int intervalMs = 30000, QString folder = {});
    ~Autosave() override;

    QString recoveryPath() const { return path_; }
    int interval() const { return timer_.interval(); }
    void setInterval(int ms) { timer_.setInterval(ms); } // Edit > Preferences
    QString folder() const { return folder_; }
    // Saves now when there are unsaved changes; returns "" or the error.
    QString saveNow();
    // Removes this session's recovery file and an adopted one (after a save,
    // or when the user discards the changes).
    void discard();
    // Keeps `recoveryFile` (an earlier session's, whose work was recovered)
    // until the next discard(), so that the work is never without a copy.
    void adopt(const QString& recoveryFile);
    QString adopted() const { return adopted_; }

    // Recovery files left by sessions that did not exit cleanly.
    static QStringList pending(const QString& folder = {});
    static QString defaultFolder();
    // The original file a recovery file stood for ("" if it was untitled).
    static QString originalPath(const QString& recoveryFile);

private:
    DocumentModel* model_;
    QTimer timer_;
    QString folder_;
    QString path_;
    QString adopted_;
};

} // namespace cs::app
