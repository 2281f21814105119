#include "model/core/ModelError.h"
#include "model/document/DocumentEdits.h"
#include "model/document/EditApply.h"
#include "model/core/StrictJson.h"

// Editing a formula block's definition (DocumentEdits.h, setFormula).
namespace cs::edit {

using detail::apply;
using detail::refuse;

Outcome setFormula(DesignDocument& doc, const std::string& block, FormulaDefinition definition)
{
    return apply(doc, kDesign, [&](DesignDocument& d, Change& c) {
        const std::string path = "blocks." + block;
        const BlockInstance* inst = d.design.findBlock(block);
        if (!inst)
            refuse(ProblemKind::NotFound, "blocks", block, "no block named '" + clipText(block) + "'");
        const FormulaBlock* old = asFormula(inst->block);
        if (!old)
            refuse(ProblemKind::BadValue, path, block,
                   "block " + block + " is a " + inst->spec().id + ", not a formula: its definition is not the document's");
        // An input that keeps its name keeps what the user or a calibration
        // gave it, unless the new definition gives it another value.
        std::vector<ParamValue> values;
        for (const FormulaInput& in : definition.inputs) {
            ParamValue v = in.value;
            if (v.provenance.kind == ProvenanceKind::User && v.provenance.basis.empty() && v.provenance.note.empty())
                v.provenance = Provenance{}; // a plain number is the input's own value, as the reader takes it
            const auto& before = old->definition().inputs;
            for (std::size_t i = 0; i < before.size(); ++i)
                if (before[i].name == in.name && before[i].value.value == in.value.value)
                    v = inst->values[i];
            values.push_back(std::move(v));
        }
        std::shared_ptr<const FormulaBlock> built;
        try {
            built = FormulaBlock::build(std::move(definition));
        } catch (const FormulaError& e) {
            refuse(ProblemKind::BadValue, path + "." + e.where, e.where, e.what());
        }
        for (const Wire& w : d.design.replaceOwnedBlock(block, std::move(built), std::move(values)))
            c.cleanup.push_back("wire " + w.from.str() + " -> " + w.to.str() + " removed: the port is gone");
        d.design.wireFromTopology(block); // a new input the network supplies comes from the drawing
        d.design.wireJobRanks(block);     // and one that counts the job's ranks follows the job
        c.structure = true;
    });
}

} // namespace cs::edit
