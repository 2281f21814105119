// The structure of model/ and app/ as their #include lines draw it (issue 47): no include points up inside
// model/topology, no two folders include each other (directly or through others), and model/ includes no Qt and
// nothing of app/, sim/ or plugins/. Each failure lists the offending includes as file:line, so the message says
// what to move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The floors of model/topology: a folder may include only folders on a lower floor (two folders on one floor
// stay apart). A new subfolder needs its line here; the test fails until it has one.
const std::map<std::string, int> kTopologyFloors = {
    {"model/topology", 6}, // the topology blocks and computeMetrics
    {"model/topology/io", 5},
    {"model/topology/generators", 4},
    {"model/topology/budget", 3},
    {"model/topology/metrics", 2},
    {"model/topology/placement", 2},
    {"model/topology/routing", 1},
    {"model/topology/network", 1},
    {"model/topology/graph", 0},
};

struct Include {
    std::string file;   // relative to the checkout, "model/topology/io/TopologyJson.cpp"
    int line = 0;
    std::string target; // as written between the quotes or brackets
    bool quoted = false;

    std::string where() const { return file + ":" + std::to_string(line) + ": #include " + target; }
};

std::string folderOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// Every #include of the .h and .cpp files below `tops`, in path order.
std::vector<Include> readIncludes(const std::vector<std::string>& tops)
{
    const fs::path root(CS_SOURCE_DIR);
    std::vector<std::string> files;
    for (const std::string& top : tops)
        for (const auto& e : fs::recursive_directory_iterator(root / top)) {
            const std::string ext = e.path().extension().string();
            if (e.is_regular_file() && (ext == ".h" || ext == ".cpp"))
                files.push_back(fs::relative(e.path(), root).generic_string());
        }
    std::sort(files.begin(), files.end());
    static const std::regex include(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
    std::vector<Include> out;
    for (const std::string& f : files) {
        std::ifstream in(root / f);
        std::string text;
        for (int n = 1; std::getline(in, text); ++n) {
            std::smatch m;
            if (std::regex_search(text, m, include))
                out.push_back({f, n, m[2].str(), m[1].str() == "\""});
        }
    }
    return out;
}

const std::vector<Include>& includes()
{
    static const std::vector<Include> all = readIncludes({"model", "app"});
    return all;
}

// An include of a file of model/ or app/ ("app/AppShared.h" is the probes' folder plugins/probes/app, found
// through their include path, so a target counts only where the checkout has it).
bool isProjectInclude(const Include& i)
{
    return i.quoted && (i.target.rfind("model/", 0) == 0 || i.target.rfind("app/", 0) == 0) &&
           fs::is_regular_file(fs::path(CS_SOURCE_DIR) / i.target);
}

std::string lines(const std::vector<std::string>& v)
{
    std::string s;
    for (const std::string& x : v)
        s += x + "\n";
    return s;
}

} // namespace

TEST_CASE("structure: no include points up inside model/topology", "[structure]")
{
    REQUIRE(includes().size() > 1000); // the sources were found
    std::vector<std::string> offenders;
    std::set<std::string> unplaced;
    for (const Include& i : includes()) {
        if (!isProjectInclude(i))
            continue;
        const std::string from = folderOf(i.file), to = folderOf(i.target);
        if (from.rfind("model/topology", 0) != 0 || to.rfind("model/topology", 0) != 0 || from == to)
            continue;
        const auto f = kTopologyFloors.find(from), t = kTopologyFloors.find(to);
        if (f == kTopologyFloors.end() || t == kTopologyFloors.end()) {
            unplaced.insert(f == kTopologyFloors.end() ? from : to);
            continue;
        }
        if (t->second >= f->second)
            offenders.push_back(i.where() + " (floor " + std::to_string(f->second) + " includes floor " +
                                std::to_string(t->second) + ")");
    }
    INFO("folders without a floor in kTopologyFloors:\n" << lines({unplaced.begin(), unplaced.end()}));
    CHECK(unplaced.empty());
    INFO("includes that point up or sideways:\n" << lines(offenders));
    CHECK(offenders.empty());
}

TEST_CASE("structure: no two folders of model/ and app/ include each other, directly or through others",
          "[structure]")
{
    // The folder graph: one node a folder (a file's own folder, so app/gui and app/gui/canvas are two), one
    // arrow where a file of one includes a file of the other.
    std::map<std::string, std::set<std::string>> arrows;
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> why;
    for (const Include& i : includes()) {
        if (!isProjectInclude(i))
            continue;
        const std::string from = folderOf(i.file), to = folderOf(i.target);
        if (from == to)
            continue;
        arrows[from].insert(to);
        arrows[to];
        why[{from, to}].push_back(i.where());
    }
    // Tarjan's strongly connected components: a component of two or more folders is a circle.
    std::map<std::string, int> index, low;
    std::vector<std::string> stack;
    std::set<std::string> onStack;
    std::vector<std::vector<std::string>> circles;
    int next = 0;
    std::function<void(const std::string&)> visit = [&](const std::string& v) {
        index[v] = low[v] = next++;
        stack.push_back(v);
        onStack.insert(v);
        for (const std::string& w : arrows[v]) {
            if (!index.count(w)) {
                visit(w);
                low[v] = std::min(low[v], low[w]);
            } else if (onStack.count(w)) {
                low[v] = std::min(low[v], index[w]);
            }
        }
        if (low[v] != index[v])
            return;
        std::vector<std::string> c;
        std::string w;
        do {
            w = stack.back();
            stack.pop_back();
            onStack.erase(w);
            c.push_back(w);
        } while (w != v);
        if (c.size() > 1)
            circles.push_back(c);
    };
    for (const auto& [v, to] : arrows)
        if (!index.count(v))
            visit(v);

    std::vector<std::string> report;
    for (std::vector<std::string>& c : circles) {
        std::sort(c.begin(), c.end());
        std::string head = "circle:";
        for (const std::string& f : c)
            head += " " + f;
        report.push_back(head);
        for (const std::string& a : c)
            for (const std::string& b : c)
                if (const auto it = why.find({a, b}); it != why.end())
                    for (const std::string& w : it->second)
                        report.push_back("  " + w);
    }
    INFO("folders that include each other, and the includes between them:\n" << lines(report));
    CHECK(circles.empty());
}

TEST_CASE("structure: model/ includes no Qt and nothing of app/, sim/ or plugins/", "[structure]")
{
    static const std::regex qt(R"(^(Qt|Q[A-Z])|^q[a-z]+\.h$)");
    std::vector<std::string> offenders;
    for (const Include& i : includes()) {
        if (i.file.rfind("model/", 0) != 0)
            continue;
        if (std::regex_search(i.target, qt) || i.target.rfind("app/", 0) == 0 || i.target.rfind("sim/", 0) == 0 ||
            i.target.rfind("plugins/", 0) == 0 || i.target.rfind("cs/", 0) == 0)
            offenders.push_back(i.where());
    }
    INFO("includes of Qt or of a layer above model/:\n" << lines(offenders));
    CHECK(offenders.empty());
}
