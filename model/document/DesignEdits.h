#pragma once
// Operations of the editing layer (DocumentEdits.h) on the design's variants,
// speedup parameter and parameters that follow an output: the edits a test or
// a tool made through the layer's internal path before (issue 34: the layer
// is the only door). Each one goes through the same cleanup and whole-document
// check as every operation, and a refused one leaves the document as it was.
#include "model/document/EditOps.h"

#include <string>
#include <vector>

namespace cs::edit {

// The parameter speedup is measured along (sweep.speedup.param: "P", an
// input's path, or "" for none); what it names is checked with the document.
Outcome setSpeedupParameter(DesignDocument& doc, const std::string& path);
// The variants to compare, replaced whole (name, total output, overrides);
// a total or an override that names nothing is refused, naming the member.
Outcome setVariants(DesignDocument& doc, std::vector<Variant> variants);
// Design parameter `name` follows output `output` ("block.port"; "" for
// none): its value is that output's, as Design::setFollows says.
Outcome setFollows(DesignDocument& doc, const std::string& name, const std::string& output);

namespace op {
Op setSpeedupParameter(std::string path);
Op setVariants(std::vector<Variant> variants);
Op setFollows(std::string name, std::string output);
} // namespace op

} // namespace cs::edit
