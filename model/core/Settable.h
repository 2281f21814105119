#pragma once
// The one rule for giving a slot a value of its own: a design parameter or a
// block input can be set (by the user, a variant override, a sweep axis, a
// measured series' x, a calibration), unless a wire feeds the input, since
// the wire's value would replace it. Every place that sets a slot by path
// asks here, on the design or on its compiled plan.
#include <string>
#include <string_view>

namespace cs {

class Design;
class Plan;

enum class SettableKind {
    Settable,    // a design parameter or an unwired block input
    Malformed,   // not "name" or "block.port"
    NoParameter, // no design parameter of that name
    NoBlock,     // no block of that name
    NoInput,     // the block has no such input (it may be an output)
    Wired,       // a wire feeds the input
};

struct SettableCheck {
    SettableKind kind = SettableKind::Settable;
    std::string message; // one line naming the path; empty when settable
    bool ok() const { return kind == SettableKind::Settable; }
};

SettableCheck checkSettable(const Design& design, std::string_view path);
// Whether `path` names a slot at all: a design parameter, or an input or an
// output of a block (what a cost's `per` may name). Never throws.
bool slotExists(const Design& design, std::string_view path);
SettableCheck checkSettable(const Plan& plan, std::string_view path);

// The one range rule for a value a slot is given, by path: "" when `value`
// lies in the range of the design parameter or block input `path` names (or
// `path` names neither: checkSettable says that), else the reason, naming
// the slot as the design does: "design parameter P = 100 is out of range
// [1, 64]", "block 'fft' (inic.fft2d): input rows = 0 is out of range
// [1, 65536]". Design::setValue, the editing layer, the validator (values,
// overrides, the speedup reference) and so the reader all ask here.
std::string rangeProblemAt(const Design& design, std::string_view path, double value);

} // namespace cs
