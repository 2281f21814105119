#pragma once
// Reading a file a document names. The path may name a FIFO (an open() for
// reading waits for a writer, forever), a device or a socket, or something
// huge: none of these may block or exhaust the program that opens the
// document. The type is checked before the file is opened, the open never
// waits (O_NONBLOCK), and the type is checked again on what was opened.
#include <cstddef>
#include <string>

namespace cs {

// The whole of the regular file at `path`, at most `maxBytes` long. Throws
// std::invalid_argument naming `what` ("the hostfile") and the path when it
// is missing or unreadable, not a regular file ("is a FIFO", "is a device",
// "is a socket", "is a folder"), or larger than `maxBytes`.
std::string readRegularFile(const std::string& path, std::size_t maxBytes, const std::string& what);

} // namespace cs
