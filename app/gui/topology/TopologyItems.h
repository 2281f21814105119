#pragma once
// The scene items of the topology editor.
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/VertexItem.h"
