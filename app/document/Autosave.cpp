#include "app/document/Autosave.h"
#include "model/core/AtomicFile.h"
#include "app/document/DocumentModel.h"
#include "model/document/DocumentFormat.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

namespace cs::app {

QString Autosave::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/recovery";
}

Autosave::Autosave(DocumentModel* model, int intervalMs, QString folder)
    : QObject(model), model_(model), folder_(folder.isEmpty() ? defaultFolder() : folder)
{
    QDir().mkpath(folder_);
    path_ = QDir(folder_).filePath(QString("session-%1.recovery.json").arg(QCoreApplication::applicationPid()));
    timer_.setInterval(intervalMs);
    connect(&timer_, &QTimer::timeout, this, [this] { saveNow(); });
    connect(model_, &DocumentModel::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            discard();
    });
    timer_.start();
}

Autosave::~Autosave() = default;

QString Autosave::saveNow()
{
    if (!model_->isModified())
        return {};
    nlohmann::json j = documentToJson(model_->doc());
    // Where the recovered document came from, so recovery can offer it.
    j["recovery"] = {{"original", model_->filePath().toStdString()}};
    return QString::fromStdString(tryWriteFileAtomically(path_.toStdString(), j.dump(1)));
}

void Autosave::discard()
{
    QFile::remove(path_);
    if (!adopted_.isEmpty())
        QFile::remove(adopted_);
    adopted_.clear();
}

void Autosave::adopt(const QString& recoveryFile)
{
    adopted_ = recoveryFile;
}

QStringList Autosave::pending(const QString& folder)
{
    const QDir dir(folder.isEmpty() ? defaultFolder() : folder);
    const QString mine = QString("session-%1.recovery.json").arg(QCoreApplication::applicationPid());
    QStringList out;
    for (const QString& f : dir.entryList({"*.recovery.json"}, QDir::Files, QDir::Time))
        if (f != mine)
            out << dir.filePath(f);
    return out;
}

QString Autosave::originalPath(const QString& recoveryFile)
{
    QFile f(recoveryFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const auto j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (j.is_discarded() || !j.contains("recovery"))
        return {};
    return QString::fromStdString(j["recovery"].value("original", ""));
}

} // namespace cs::app
