#pragma once
// A fresh block name for a type, shared by the model's add and paste (DocumentModel.cpp, DocumentClipboard.cpp).
#include "model/core/Design.h"

#include <cctype>
#include <string>

namespace cs::app {

// The type's last word ("fftw.transpose" -> "transpose"), made a name, numbered from 2 while a block, a
// design parameter or the topology has it.
inline std::string uniqueBlockName(const Design& d, const std::string& type)
{
    std::string base = type.substr(type.rfind('.') + 1);
    for (char& c : base)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
            c = '_';
    if (base.empty() || std::isdigit(static_cast<unsigned char>(base.front())))
        base = "b" + base;
    std::string name = base;
    for (int i = 2; d.findBlock(name) || d.findDesignParam(name) || name == kTopologyBlock; ++i)
        name = base + std::to_string(i);
    return name;
}

} // namespace cs::app
