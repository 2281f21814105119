#pragma once
#include <QDialog>
#include <QString>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cs::app {

// Edit > Preferences: how bandwidths are written (bits or bytes per second,
// or whichever reads rounder), the byte prefixes (as usually quoted, SI or
// binary: plots::prefixPreference), how often unsaved work is autosaved, and the
// nodes a new design starts with (a node list as `--nodes` takes it,
// "local:cpu=0,local:cpu=1"). Kept in QSettings; OK refuses a node list that
// does not parse, naming the entry.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    QComboBox* bandwidthUnits() const { return bandwidth_; }
    QComboBox* bytePrefixes() const { return prefixes_; }
    QSpinBox* autosaveSeconds() const { return autosave_; }
    QLineEdit* defaultNodes() const { return nodes_; }
    QString error() const;

    // The stored preferences (with their defaults).
    static int autosaveIntervalMs();         // "autosave/seconds", 30 s
    static QString defaultNodeList();        // "nodes/default", ""

    void accept() override; // stores them, or shows why not and stays open

private:
    QComboBox* bandwidth_;
    QComboBox* prefixes_;
    QSpinBox* autosave_;
    QLineEdit* nodes_;
    QLabel* error_;
};

} // namespace cs::app
