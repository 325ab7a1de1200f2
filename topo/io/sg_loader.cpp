/*
 * sg_loader.cpp — the SimGrid adapter: loads a platform file with SimGrid's
 * own loader (s4u::Engine::load_platform) and writes its hosts, links and
 * the route of every ordered host pair to a file descriptor (stream format
 * in topo/io/sg_loader.h). Runs only in a forked child (topo/io/simgrid.c): every
 * C++ exception is caught here and turned into an "ERR!" record; SimGrid's
 * own aborts kill the child, which the parent reports.
 */
#include "topo/io/sg_loader.h"
#include "topo/io/sg_sim.h"
#include "topo/io/sg_vet.h"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/kernel/routing/FatTreeZone.hpp>
#include <simgrid/kernel/routing/DragonflyZone.hpp>
#include <xbt/config.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <typeinfo>
#include <string>
#include <algorithm>
#include <map>
#include <tuple>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

namespace {

/* The whole stream is kept in memory and written at the end, so that an
 * error met half-way leaves only the "ERR!" record. */
class Out {
  public:
    explicit Out(int fd) : fd_(fd) { buf_.reserve(1 << 16); }
    void bytes(const void *p, size_t n)
    {
        const char *c = static_cast<const char *>(p);
        buf_.insert(buf_.end(), c, c + n);
    }
    void i32(int32_t v) { bytes(&v, sizeof v); }
    void u32(uint32_t v) { bytes(&v, sizeof v); }
    void f64(double v) { bytes(&v, sizeof v); }
    void str(const std::string &s)
    {
        u32(static_cast<uint32_t>(s.size()));
        bytes(s.data(), s.size());
    }
    void flush()
    {
        size_t at = 0;
        while (at < buf_.size()) {
            ssize_t w = ::write(fd_, buf_.data() + at, buf_.size() - at);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                failed_ = true;
                break;
            }
            at += static_cast<size_t>(w);
        }
        buf_.clear();
    }
    bool failed() const { return failed_; }
    void clear() { buf_.clear(); }

  private:
    int fd_;
    std::vector<char> buf_;
    bool failed_ = false;
};

void error_record(Out &o, const std::string &msg, const char *magic = "ERR!")
{
    o.clear(); /* nothing of a partial stream */
    o.bytes(magic, 4);
    o.str(msg);
    o.flush();
}

/* A zone with routing="None" (SimGrid's EmptyZone, for the Constant
 * network model): it has no route, and SimGrid aborts (xbt_die "There
 * can't be route in an Empty zone") when asked one between two of its
 * hosts. EmptyZone is not exported: known by its dynamic type's name. */
bool empty_zone(const simgrid::s4u::NetZone *z)
{
    if (!z || !z->get_impl())
        return false;
    const simgrid::kernel::routing::NetZoneImpl &impl = *z->get_impl();
    return std::strstr(typeid(impl).name(), "EmptyZone") != nullptr;
}

/* A zone that a <cluster> makes (SimGrid 3.32: StarZone for a flat
 * cluster, FatTreeZone, TorusZone, DragonflyZone), whose hosts the
 * pictures draw as one box. Known by the dynamic type's name (most of
 * these classes are not exported). */
bool cluster_zone(const simgrid::s4u::NetZone *z)
{
    if (!z || !z->get_impl())
        return false;
    const simgrid::kernel::routing::NetZoneImpl &impl = *z->get_impl();
    const char *n = typeid(impl).name();
    for (const char *k : {"StarZone", "FatTreeZone", "TorusZone", "DragonflyZone", "ClusterZone"})
        if (std::strstr(n, k))
            return true;
    return false;
}

/* Defence in depth behind the parent's check (topo/io/sg_vet.c): every
 * string-valued configuration key a platform may not set, and "tracing",
 * set here to its current value ("tracing" to no). SimGrid applies a
 * file's <config><prop> only to a key still at its default (ETag of
 * <config> in SimGrid 3.32's XML parser), so the file cannot change them.
 * The keys come from SimGrid's own list (the message of an unknown key);
 * a key that refuses to be set is left alone. */
void pin_config()
{
    std::string list;
    try {
        simgrid::config::set_as_string("ringmap/no-such-key", "1");
    } catch (const std::exception &ex) {
        list = ex.what();
    }
    size_t at = 0;
    while (at < list.size()) {
        size_t e = list.find('\n', at);
        if (e == std::string::npos)
            e = list.size();
        std::string line = list.substr(at, e - at);
        at = e + 1;
        /* "  key: (type)value" */
        size_t c = line.find(": (");
        if (line.rfind("  ", 0) != 0 || c == std::string::npos)
            continue;
        size_t p = line.find(')', c);
        if (p == std::string::npos)
            continue;
        std::string key = line.substr(2, c - 2);
        std::string type = line.substr(c + 3, p - c - 3);
        if (rmi_sg_config_allowed(key.c_str()))
            continue;
        try {
            if (key == "tracing")
                simgrid::config::set_as_string(key.c_str(), "no");
            else if (type == "string")
                simgrid::config::set_as_string(key.c_str(), line.substr(p + 1));
        } catch (const std::exception &) {
        }
    }
}

/* ---- Routes composed from SimGrid's zone structure ----------------------
 *
 * SimGrid computes a route zone by zone (NetZoneImpl::get_global_route,
 * SimGrid 3.32, src/kernel/routing/NetZoneImpl.cpp): the deepest zone holding both
 * ends (their common ancestor) gives its local route between the two child
 * zones that hold them, with a gateway in each; the route from the source up
 * to its gateway and from the destination's gateway down are found the same
 * way, recursively. A <cluster> is a StarZone whose local route between two
 * members is the member's links UP then the other's links DOWN, a link met
 * twice (the backbone) taken once (StarZone::get_local_route); its router
 * has no link of its own, so the local route from a member to the router is
 * that member's links UP, and from the router its links DOWN.
 *
 * rm_sg_composer keeps only these pieces: each star member's links UP and
 * DOWN (with its gateway), the local routes SimGrid's other zones give
 * between the points that routes cross (Full, Floyd, Dijkstra: SimGrid keeps
 * those tables itself; fat-tree, torus and dragonfly local routes, asked per
 * pair), and the routes between a point and a gateway. For a hierarchy of
 * clusters that is O(H x depth) links, where the routes of every host pair
 * are O(H^2): the structure that lets a route store grow linearly. Every
 * composed route is checked against Host::route_to, link for link, by
 * rmi_sg_child_compose_check (tests/test_sg_compose.c). */

using simgrid::kernel::resource::StandardLinkImpl;
using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::NetZoneImpl;
using simgrid::kernel::routing::Route;
using LinkList = std::vector<StandardLinkImpl *>;

/* NetZoneImpl's protected route queries, named through a derived class
 * (a pointer to member of the base: the zone's own override is called). */
struct ZoneAccess : NetZoneImpl {
    static auto local_route() { return &ZoneAccess::get_local_route; }
    static auto bypass_route() { return &ZoneAccess::get_bypass_route; }
};

/* A fat-tree zone's structure (SimGrid 3.32's FatTreeZone keeps it
 * private): read through pointers to its members, which an explicit
 * instantiation may name (C++17 [temp.spec] 17.8/6: access is not checked
 * there). Only data is read; no hidden symbol of SimGrid is called. */
using simgrid::kernel::routing::FatTreeNode;
using simgrid::kernel::routing::FatTreeZone;
template <typename Tag, typename Tag::type M> struct Rob {
    friend typename Tag::type rob(Tag) { return M; }
};
struct FtLevels {
    using type = unsigned long FatTreeZone::*;
    friend type rob(FtLevels);
};
struct FtChildren {
    using type = std::vector<unsigned int> FatTreeZone::*;
    friend type rob(FtChildren);
};
struct FtParents {
    using type = std::vector<unsigned int> FatTreeZone::*;
    friend type rob(FtParents);
};
struct FtPorts {
    using type = std::vector<unsigned int> FatTreeZone::*;
    friend type rob(FtPorts);
};
struct FtNodes {
    using type = std::vector<std::shared_ptr<FatTreeNode>> FatTreeZone::*;
    friend type rob(FtNodes);
};
struct FtCompute {
    using type = std::map<unsigned long, std::shared_ptr<FatTreeNode>> FatTreeZone::*;
    friend type rob(FtCompute);
};
template struct Rob<FtLevels, &FatTreeZone::levels_>;
template struct Rob<FtChildren, &FatTreeZone::num_children_per_node_>;
template struct Rob<FtParents, &FatTreeZone::num_parents_per_node_>;
template struct Rob<FtPorts, &FatTreeZone::num_port_lower_level_>;
template struct Rob<FtNodes, &FatTreeZone::nodes_>;
template struct Rob<FtCompute, &FatTreeZone::compute_nodes_>;

struct ClHasLimiter {
    using type = bool simgrid::kernel::routing::ClusterBase::*;
    friend type rob(ClHasLimiter);
};
template struct Rob<ClHasLimiter, &simgrid::kernel::routing::ClusterBase::has_limiter_>;

/* A fat-tree zone's members, read where the sanitizers' vptr check is off
 * (it would name FatTreeZone's and ClusterBase's type information, which
 * SimGrid does not export). */
struct FtView {
    unsigned long levels;
    const std::vector<unsigned int> *C, *P, *K;
    const std::vector<std::shared_ptr<FatTreeNode>> *nodes;
    const std::map<unsigned long, std::shared_ptr<FatTreeNode>> *compute;
};

__attribute__((no_sanitize("vptr"))) FtView ft_view(const NetZoneImpl *z)
{
    const auto *fz = static_cast<const FatTreeZone *>(z);
    return FtView{fz->*rob(FtLevels()), &(fz->*rob(FtChildren())), &(fz->*rob(FtParents())),
                  &(fz->*rob(FtPorts())),  &(fz->*rob(FtNodes())),    &(fz->*rob(FtCompute()))};
}

/* A cluster zone's has_limiter_ (the same). */
__attribute__((no_sanitize("vptr"))) bool cluster_has_limiter(const NetZoneImpl *z)
{
    return static_cast<const simgrid::kernel::routing::ClusterBase *>(z)->*rob(ClHasLimiter());
}

/* A <cluster topology="DRAGONFLY">'s zone. */
bool dragonfly_zone(const NetZoneImpl *z)
{
    return z && std::strstr(typeid(*z).name(), "DragonflyZone") != nullptr;
}

/* A <cluster topology="FAT_TREE">'s zone (FatTreeZone is not exported:
 * known by its dynamic type's name). */
bool fat_tree_zone(const NetZoneImpl *z)
{
    return z && std::strstr(typeid(*z).name(), "FatTreeZone") != nullptr;
}

struct Piece {
    LinkList links;
    const NetPoint *gw_src = nullptr;
    const NetPoint *gw_dst = nullptr;
    double latency = 0.0;
};

struct PairHash {
    size_t operator()(const std::pair<const void *, const void *> &k) const
    {
        return std::hash<const void *>()(k.first) * 31u ^ std::hash<const void *>()(k.second);
    }
};

class Composer {
  public:
    /* lat: every link's latency (s), by SimGrid's link object */
    explicit Composer(const std::unordered_map<const StandardLinkImpl *, double> &lat) : lat_(lat) {}
    /* zones whose local routes are written from their structure: not kept
     * per pair */
    std::unordered_set<const NetZoneImpl *> untabled;

    /* Route s -> d (links appended), its latency added to *lat. Throws what
     * SimGrid's own query throws. */
    void route(const NetPoint *s, const NetPoint *d, LinkList &links, double *lat)
    {
        global(s, d, links, lat, true);
    }
    /* Link entries kept in the pieces (the compact structure's size). */
    size_t entries() const
    {
        size_t n = 0;
        for (const auto &kv : up_)
            n += kv.second.links.size() + 1;
        for (const auto &kv : down_)
            n += kv.second.links.size() + 1;
        for (const auto &kv : table_)
            n += kv.second.links.size() + 1;
        for (const auto &kv : gw_)
            n += kv.second.links.size() + 1;
        return n;
    }
    size_t star_members() const { return up_.size(); }
    size_t table_routes() const { return table_.size(); }
    size_t gateway_routes() const { return gw_.size(); }
    using PairMap = std::unordered_map<std::pair<const void *, const void *>, Piece, PairHash>;
    const std::unordered_map<const NetPoint *, Piece> &ups() const { return up_; }
    const std::unordered_map<const NetPoint *, Piece> &downs() const { return down_; }
    const PairMap &tables() const { return table_; }
    const PairMap &gateways() const { return gw_; }
    /* the router a star zone's pieces were taken through, or nullptr */
    const NetPoint *probe_of(const NetZoneImpl *z) { return star_probe(z); }

  private:
    const std::unordered_map<const StandardLinkImpl *, double> &lat_;
    std::unordered_map<const NetZoneImpl *, const NetPoint *> probe_; /* star zone -> router */
    std::unordered_map<const NetPoint *, Piece> up_, down_;
    std::unordered_map<std::pair<const void *, const void *>, Piece, PairHash> table_, gw_;

    static void local_of(const NetZoneImpl *z, const NetPoint *s, const NetPoint *d, Piece &p)
    {
        Route r;
        double lat = 0.0;
        (const_cast<NetZoneImpl *>(z)->*ZoneAccess::local_route())(s, d, &r, &lat);
        p.links = std::move(r.link_list_);
        p.gw_src = r.gw_src_;
        p.gw_dst = r.gw_dst_;
        p.latency = lat;
    }

    /* The router of a <cluster>'s StarZone (no link of its own: its local
     * route to itself is empty), or nullptr: the zone's local routes are
     * then kept per pair. */
    const NetPoint *star_probe(const NetZoneImpl *z)
    {
        auto it = probe_.find(z);
        if (it != probe_.end())
            return it->second;
        const NetPoint *r = nullptr;
        if (std::strstr(typeid(*z).name(), "StarZone")) {
            for (const NetPoint *v : z->get_vertices())
                if (v->is_router() && v->get_englobing_zone() == z) {
                    Piece p;
                    try {
                        local_of(z, v, v, p);
                    } catch (const std::exception &) {
                        continue;
                    }
                    if (p.links.empty()) {
                        r = v;
                        break;
                    }
                }
        }
        probe_.emplace(z, r);
        return r;
    }

    const Piece &star_up(const NetZoneImpl *z, const NetPoint *s, const NetPoint *r)
    {
        auto it = up_.find(s);
        if (it == up_.end()) {
            Piece p;
            local_of(z, s, r, p);
            it = up_.emplace(s, std::move(p)).first;
        }
        return it->second;
    }
    const Piece &star_down(const NetZoneImpl *z, const NetPoint *r, const NetPoint *d)
    {
        auto it = down_.find(d);
        if (it == down_.end()) {
            Piece p;
            local_of(z, r, d, p);
            it = down_.emplace(d, std::move(p)).first;
        }
        return it->second;
    }

    /* Zone z's local route s -> d, from the pieces. */
    void local(const NetZoneImpl *z, const NetPoint *s, const NetPoint *d, Piece &out)
    {
        const NetPoint *r = star_probe(z);
        if (r && s != d && s != r && d != r) {
            const Piece &u = star_up(z, s, r);
            const Piece &w = star_down(z, r, d);
            out.links = u.links;
            out.latency = 0.0;
            for (const auto *l : u.links)
                out.latency += lat_.at(l);
            for (auto *l : w.links)
                if (std::find(u.links.begin(), u.links.end(), l) == u.links.end()) {
                    out.links.push_back(l);
                    out.latency += lat_.at(l);
                }
            out.gw_src = u.gw_src;
            out.gw_dst = w.gw_dst;
            return;
        }
        if (r && s != d) { /* to or from the router itself */
            const Piece &p = s == r ? star_down(z, r, d) : star_up(z, s, r);
            out = p;
            return;
        }
        if (fat_tree_zone(z) || untabled.count(z)) { /* written from their structure */
            local_of(z, s, d, out);
            return;
        }
        auto key = std::make_pair(static_cast<const void *>(s), static_cast<const void *>(d));
        auto it = table_.find(key);
        if (it == table_.end()) {
            Piece p;
            local_of(z, s, d, p);
            it = table_.emplace(key, std::move(p)).first;
        }
        out = it->second;
    }

    /* SimGrid 3.32's find_common_ancestors. */
    static void ancestors(const NetPoint *s, const NetPoint *d, NetZoneImpl **common,
                          NetZoneImpl **sa, NetZoneImpl **da)
    {
        if (s->get_englobing_zone() == d->get_englobing_zone()) {
            *common = *sa = *da = s->get_englobing_zone();
            return;
        }
        std::vector<NetZoneImpl *> ps, pd;
        for (NetZoneImpl *z = s->get_englobing_zone(); z; z = z->get_parent())
            ps.push_back(z);
        for (NetZoneImpl *z = d->get_englobing_zone(); z; z = z->get_parent())
            pd.push_back(z);
        NetZoneImpl *father = nullptr;
        while (ps.size() > 1 && pd.size() > 1 && ps.back() == pd.back()) {
            father = ps.back();
            ps.pop_back();
            pd.pop_back();
        }
        *sa = ps.back();
        *da = pd.back();
        *common = *sa == *da ? *sa : father;
    }

    /* SimGrid 3.32's get_global_route_with_netzones on the pieces; a
     * route with a gateway end (not the top call) is kept. */
    void global(const NetPoint *s, const NetPoint *d, LinkList &links, double *lat, bool top)
    {
        if (!top) {
            auto key = std::make_pair(static_cast<const void *>(s), static_cast<const void *>(d));
            auto it = gw_.find(key);
            if (it == gw_.end()) {
                Piece p;
                global(s, d, p.links, &p.latency, true);
                it = gw_.emplace(key, std::move(p)).first;
            }
            links.insert(links.end(), it->second.links.begin(), it->second.links.end());
            *lat += it->second.latency;
            return;
        }
        NetZoneImpl *common, *sa, *da;
        ancestors(s, d, &common, &sa, &da);
        {
            std::unordered_set<NetZoneImpl *> zones;
            LinkList by;
            double bl = 0.0;
            if ((common->*ZoneAccess::bypass_route())(s, d, by, &bl, zones)) {
                links.insert(links.end(), by.begin(), by.end());
                *lat += bl;
                return;
            }
        }
        Piece p;
        if (sa == da) {
            local(common, s, d, p);
            links.insert(links.end(), p.links.begin(), p.links.end());
            *lat += p.latency;
            return;
        }
        local(common, sa->get_netpoint(), da->get_netpoint(), p);
        if (!p.gw_src || !p.gw_dst)
            throw std::runtime_error("bad gateways for route from '" + s->get_name() + "' to '" +
                                     d->get_name() + "'");
        if (s != p.gw_src)
            global(s, p.gw_src, links, lat, false);
        links.insert(links.end(), p.links.begin(), p.links.end());
        *lat += p.latency;
        if (p.gw_dst != d)
            global(p.gw_dst, d, links, lat, false);
    }
};

} // namespace

namespace {

/* The "key value" lines of the test and bench children, all of out to fd:
 * 0, or 4 when fd could not be written. */
int write_text(int fd, const std::string &out)
{
    size_t at = 0;
    while (at < out.size()) {
        ssize_t w = ::write(fd, out.data() + at, out.size() - at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return 4;
        at += static_cast<size_t>(w);
    }
    return 0;
}

int write_pieces(Out &o, simgrid::s4u::Engine &e, const std::vector<simgrid::s4u::Host *> &hosts);
int child_extract(const char *path, const char *dir, int fd, int max_hosts, int pairs_max, bool pieces);

/* The hosts of both streams: their count, then each one's name, speed
 * (flop/s) and core count. */
void hosts_out(Out &o, const std::vector<simgrid::s4u::Host *> &hosts)
{
    o.i32(static_cast<int32_t>(hosts.size()));
    for (const auto *h : hosts) {
        o.str(h->get_name());
        o.f64(h->get_speed());
        o.i32(h->get_core_count());
    }
}

/* The all-pairs stream, version 4 (rmi_sg_child_extract at or below
 * pairs_max hosts): hosts, every ordered pair's route as link ids (-1: no
 * route) with its latency beyond its links', the links, SimGrid's routers,
 * the hosts' zones. 0, or 4 when fd could not be written. Throws
 * SimGrid's exceptions. */
int write_all_pairs(Out &o, simgrid::s4u::Engine &e, const std::vector<simgrid::s4u::Host *> &hosts)
{
    o.bytes("RMSG", 4);
    o.u32(4);
    hosts_out(o, hosts);
    std::unordered_map<const simgrid::s4u::Link *, int32_t> ids;
    std::vector<const simgrid::s4u::Link *> links;
    std::vector<simgrid::s4u::Link *> route;
    int32_t n_extra = 0; /* routes whose latency is more than their links' */
    double max_extra = 0.0;
    for (size_t i = 0; i < hosts.size(); i++)
        for (size_t j = 0; j < hosts.size(); j++) {
            if (i == j)
                continue;
            route.clear();
            double lat = 0.0;
            const simgrid::s4u::NetZone *zi = hosts[i]->get_englobing_zone();
            if (zi == hosts[j]->get_englobing_zone() && empty_zone(zi)) {
                o.i32(-1); /* routing="None": no route (and no abort) */
                continue;
            }
            try {
                hosts[i]->route_to(hosts[j], route, &lat);
            } catch (const std::exception &) { /* no route between them */
                o.i32(-1);
                continue;
            }
            o.i32(static_cast<int32_t>(route.size()));
            double link_lat = 0.0, extra = 0.0;
            for (const auto *l : route)
                link_lat += l->get_latency();
            if (lat > link_lat * (1 + 1e-9) + 1e-15) { /* e.g. Vivaldi coordinates */
                extra = lat - link_lat;
                n_extra++;
                if (extra > max_extra)
                    max_extra = extra;
            }
            for (const auto *l : route) {
                auto it = ids.find(l);
                int32_t id;
                if (it == ids.end()) {
                    id = static_cast<int32_t>(links.size());
                    ids.emplace(l, id);
                    links.push_back(l);
                } else
                    id = it->second;
                o.i32(id);
            }
            o.f64(extra);
        }
    o.i32(n_extra);
    o.f64(max_extra);
    o.i32(static_cast<int32_t>(links.size()));
    for (const auto *l : links) {
        o.str(l->get_name());
        o.f64(l->get_bandwidth());
        o.f64(l->get_latency());
        o.i32(static_cast<int32_t>(l->get_sharing_policy()));
    }
    /* version 4: SimGrid's own routers, and the zone of each host with
     * whether it is a cluster (a <cluster>'s zone: flat or star, fat-tree,
     * torus, dragonfly), for the outputs (names, pictures) */
    int32_t n_routers = 0;
    for (const auto *np : e.get_all_netpoints())
        n_routers += np->is_router() ? 1 : 0;
    o.i32(n_routers);
    std::unordered_map<const simgrid::s4u::NetZone *, int32_t> zid;
    std::vector<const simgrid::s4u::NetZone *> zones;
    std::vector<int32_t> hz;
    for (const auto *h : hosts) {
        const simgrid::s4u::NetZone *z = h->get_englobing_zone();
        auto it = zid.find(z);
        if (it == zid.end()) {
            it = zid.emplace(z, static_cast<int32_t>(zones.size())).first;
            zones.push_back(z);
        }
        hz.push_back(it->second);
    }
    o.i32(static_cast<int32_t>(zones.size()));
    for (const auto *z : zones) {
        o.str(z ? z->get_name() : std::string());
        o.i32(cluster_zone(z) ? 1 : 0);
    }
    for (int32_t v : hz)
        o.i32(v);
    o.bytes("END!", 4);
    o.flush();
    return o.failed() ? 4 : 0;
}

} // namespace

extern "C" void rmi_sg_pin_config(void)
{
    pin_config();
}

extern "C" int rmi_sg_child_extract(const char *path, const char *dir, int fd, int max_hosts,
                                    int pairs_max)
{
    return child_extract(path, dir, fd, max_hosts, pairs_max, false);
}

namespace {

/* rmi_sg_child_extract, and rmi_sg_child_extract_pieces (pieces: the pieces
 * stream whatever the host count) */
int child_extract(const char *path, const char *dir, int fd, int max_hosts, int pairs_max, bool pieces)
{
    Out o(fd);
    try {
        /* SimGrid's own log output: warnings and worse only (the parent shows
         * them when the load fails) */
        int argc = 2;
        char arg0[] = "ringmap";
        char arg1[] = "--log=root.thres:warning";
        char *argv[] = {arg0, arg1, nullptr};
        simgrid::s4u::Engine e(&argc, argv);
        pin_config();
        /* the platform file's own directory on SimGrid's search path, for the
         * trace/profile files it names (the file loaded may be a converted
         * copy elsewhere): a typed value, not SimGrid's option parser, which
         * splits "--cfg=" at ',' and ' ' (a directory "My Platforms" or
         * "x,tracing:yes" stays one directory) */
        simgrid::s4u::Engine::set_config("path", std::string(dir && *dir ? dir : "."));
        /* a platform far beyond max_hosts (a 262,144-host cluster) is refused
         * as soon as its host max_hosts + 1 is created, not after SimGrid has
         * built it all (15 s and GiBs) */
        /* counted once per host: SimGrid 3.32 signals each host of a
         * cluster twice (at its creation and when the cluster is sealed), so
         * counting the signals refused a 1025-host cluster as "more than
         * 2048 hosts"; the distinct hosts signalled, not the engine's host
         * count, which SimGrid 3.32 finds by walking every zone's hosts
         * (O(H) a signal: O(H^2) for the load, 26 s at 10,000 hosts) */
        std::unordered_set<const simgrid::s4u::Host *> seen;
        if (max_hosts > 0)
            simgrid::s4u::Host::on_creation_cb([&o, &seen, max_hosts](simgrid::s4u::Host &h) {
                seen.insert(&h);
                if (seen.size() > static_cast<size_t>(max_hosts)) {
                    error_record(o,
                                 "more than " + std::to_string(max_hosts) +
                                     " hosts: more than ringmap maps (at most " +
                                     std::to_string(max_hosts) + " hosts)",
                                 "LIM!");
                    ::_exit(3);
                }
            });
        e.load_platform(path);
        e.seal_platform(); /* Floyd/Dijkstra zones compute their routes here */
        std::vector<simgrid::s4u::Host *> hosts = e.get_all_hosts();
        if (hosts.empty()) {
            error_record(o, "the platform has no host");
            return 3;
        }
        if (max_hosts > 0 && hosts.size() > static_cast<size_t>(max_hosts)) {
            error_record(o, std::to_string(hosts.size()) +
                                " hosts: more than ringmap maps (at most " +
                                std::to_string(max_hosts) + " hosts)",
                         "LIM!");
            return 3;
        }
        /* above pairs_max hosts: the route pieces (O(H) for a hierarchy of
         * clusters), not the route of every ordered pair (O(H^2)) */
        if (pieces || (pairs_max > 0 && hosts.size() > static_cast<size_t>(pairs_max)))
            return write_pieces(o, e, hosts);
        return write_all_pairs(o, e, hosts);
    } catch (const std::exception &ex) {
        error_record(o, ex.what());
        return 3;
    } catch (...) {
        error_record(o, "unknown C++ exception in SimGrid");
        return 3;
    }
}

} // namespace

extern "C" int rmi_sg_child_compose_check(const char *path, int src_stride, int fd)
{
    std::string out;
    try {
        int argc = 2;
        char arg0[] = "ringmap";
        char arg1[] = "--log=root.thres:critical";
        char *argv[] = {arg0, arg1, nullptr};
        simgrid::s4u::Engine e(&argc, argv);
        e.load_platform(path);
        e.seal_platform();
        std::vector<simgrid::s4u::Host *> hosts = e.get_all_hosts();
        std::unordered_map<const StandardLinkImpl *, double> lat;
        for (const auto *l : e.get_all_links())
            lat.emplace(l->get_impl(), l->get_latency());
        Composer c(lat);
        long pairs = 0, mismatch = 0, both_fail = 0, entries_all = 0;
        std::string first;
        std::vector<simgrid::s4u::Link *> want;
        LinkList got;
        size_t stride = src_stride > 1 ? static_cast<size_t>(src_stride) : 1;
        for (size_t i = 0; i < hosts.size(); i += stride)
            for (size_t j = 0; j < hosts.size(); j++) {
                if (i == j)
                    continue;
                const simgrid::s4u::NetZone *zi = hosts[i]->get_englobing_zone();
                if (zi == hosts[j]->get_englobing_zone() && empty_zone(zi))
                    continue; /* no route, and SimGrid aborts if asked one */
                want.clear();
                got.clear();
                double wl = 0.0, gl = 0.0;
                bool wok = true, gok = true;
                try {
                    hosts[i]->route_to(hosts[j], want, &wl);
                } catch (const std::exception &) {
                    wok = false;
                }
                try {
                    c.route(hosts[i]->get_netpoint(), hosts[j]->get_netpoint(), got, &gl);
                } catch (const std::exception &) {
                    gok = false;
                }
                pairs++;
                entries_all += static_cast<long>(want.size()) + 1;
                bool same = wok == gok;
                if (same && wok) {
                    same = want.size() == got.size() &&
                           std::fabs(wl - gl) <= 1e-12 * std::fabs(wl) + 1e-18;
                    for (size_t k = 0; same && k < want.size(); k++)
                        same = want[k]->get_impl() == got[k];
                } else if (same)
                    both_fail++;
                if (!same) {
                    if (!mismatch)
                        first = hosts[i]->get_name() + " -> " + hosts[j]->get_name();
                    mismatch++;
                }
            }
        out = "hosts " + std::to_string(hosts.size()) + "\npairs " + std::to_string(pairs) +
              "\nno_route " + std::to_string(both_fail) + "\nmismatch " +
              std::to_string(mismatch) + "\nall_pairs_entries " + std::to_string(entries_all) +
              "\npiece_entries " + std::to_string(c.entries()) + "\nstar_members " +
              std::to_string(c.star_members()) + "\ntable_routes " +
              std::to_string(c.table_routes()) + "\ngateway_routes " +
              std::to_string(c.gateway_routes()) + "\nfirst_mismatch " + first + "\n";
    } catch (const std::exception &ex) {
        out = std::string("error ") + ex.what() + "\n";
    }
    return write_text(fd, out);
}

extern "C" int rmi_sg_child_compose_pieces(const char *path, int fd)
{
    std::string out;
    try {
        struct timespec t0, t1, t2;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int argc = 2;
        char arg0[] = "ringmap";
        char arg1[] = "--log=root.thres:critical";
        char *argv[] = {arg0, arg1, nullptr};
        simgrid::s4u::Engine e(&argc, argv);
        e.load_platform(path);
        e.seal_platform();
        std::vector<simgrid::s4u::Host *> hosts = e.get_all_hosts();
        std::unordered_map<const StandardLinkImpl *, double> lat;
        for (const auto *l : e.get_all_links())
            lat.emplace(l->get_impl(), l->get_latency());
        clock_gettime(CLOCK_MONOTONIC, &t1);
        Composer c(lat);
        LinkList got;
        long composed = 0;
        const NetPoint *ends[2] = {hosts.front()->get_netpoint(), hosts.back()->get_netpoint()};
        for (const auto *h : hosts)
            for (const NetPoint *x : ends) {
                const NetPoint *v = h->get_netpoint();
                if (v == x)
                    continue;
                double l = 0.0;
                got.clear();
                c.route(v, x, got, &l);
                got.clear();
                c.route(x, v, got, &l);
                composed += 2;
            }
        clock_gettime(CLOCK_MONOTONIC, &t2);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        char buf[512];
        snprintf(buf, sizeof buf,
                 "hosts %zu\nload_s %.3f\npieces_s %.3f\ncomposed %ld\npiece_entries %zu\n"
                 "star_members %zu\ntable_routes %zu\ngateway_routes %zu\nrss_kib %ld\n",
                 hosts.size(), (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec),
                 (t2.tv_sec - t1.tv_sec) + 1e-9 * (t2.tv_nsec - t1.tv_nsec), composed, c.entries(),
                 c.star_members(), c.table_routes(), c.gateway_routes(), ru.ru_maxrss);
        out = buf;
    } catch (const std::exception &ex) {
        out = std::string("error ") + ex.what() + "\n";
    }
    return write_text(fd, out);
}

namespace {

/* Zones with routes the pieces do not hold: Vivaldi (a latency from
 * coordinates), WIFI (a route crosses the access point twice), None (no
 * route). */
const char *pieces_unsupported(const NetZoneImpl *z)
{
    const char *n = typeid(*z).name();
    for (const char *k : {"VivaldiZone", "WifiZone", "EmptyZone"})
        if (std::strstr(n, k))
            return k;
    for (const NetZoneImpl *c : z->get_children())
        if (const char *u = pieces_unsupported(c))
            return u;
    return nullptr;
}

void all_zones(NetZoneImpl *z, std::vector<NetZoneImpl *> &out)
{
    out.push_back(z);
    for (NetZoneImpl *c : z->get_children())
        all_zones(c, out);
}

} // namespace

namespace {

/* Zone z's own local route s -> d, as SimGrid gives it. */
void local_of_zone(const NetZoneImpl *z, const NetPoint *s, const NetPoint *d, Piece &p)
{
    Route r;
    double lat = 0.0;
    (const_cast<NetZoneImpl *>(z)->*ZoneAccess::local_route())(s, d, &r, &lat);
    p.links = std::move(r.link_list_);
    p.gw_src = r.gw_src_;
    p.gw_dst = r.gw_dst_;
    p.latency = lat;
}

/* A dragonfly zone kept factored (PieceWriter::factor_dragonfly): its
 * members' router classes cls (by member), a member of each class rep, and
 * the pieces up (by member), down (by member) and mid (by class pair). */
struct Factored {
    const NetZoneImpl *z;
    size_t nc = 0;
    std::vector<int32_t> cls, rep;
    std::vector<Piece> up, down, mid;
};

/* The pieces stream (rmi_sg_child_extract_pieces) of the loaded and sealed
 * platform e with its hosts, written by run(): 0, 3 after an "ERR!" record,
 * 4 when fd could not be written. Throws SimGrid's exceptions. The steps, in
 * the order that numbers netpoints and links: the dragonflies factored, the
 * probes that fill the composer's pieces, the netpoints numbered, the
 * fat-tree section, the factored section, the stream. */
class PieceWriter {
  public:
    PieceWriter(Out &o, simgrid::s4u::Engine &e, const std::vector<simgrid::s4u::Host *> &hosts)
        : o_(o), e_(e), hosts_(hosts), c_(lat_)
    {
    }
    int run();

  private:
    Out &o_;
    simgrid::s4u::Engine &e_;
    const std::vector<simgrid::s4u::Host *> &hosts_;
    std::unordered_map<const StandardLinkImpl *, double> lat_;
    std::unordered_map<const StandardLinkImpl *, const simgrid::s4u::Link *> iface_;
    Composer c_; /* reads lat_, filled by run() */
    std::vector<const NetZoneImpl *> leaves_;
    std::unordered_map<const NetZoneImpl *, std::vector<const NetPoint *>> members_;
    std::vector<Factored> fac_;
    std::unordered_map<const NetPoint *, int32_t> np_;
    std::vector<const NetPoint *> nps_;
    std::vector<NetZoneImpl *> zones_;
    std::unordered_map<const NetZoneImpl *, int32_t> zid_;
    std::unordered_map<const StandardLinkImpl *, int32_t> lid_;
    std::vector<const StandardLinkImpl *> lks_;
    std::vector<int32_t> ft_; /* version 3: the fat-tree zones */
    std::string fsec_;        /* version 3: the factored zones */

    int32_t np_id(const NetPoint *v);
    int32_t link_id(const StandardLinkImpl *l);
    bool factor_dragonfly(const NetZoneImpl *z, Factored &f);
    void probe_routes();
    void number_netpoints();
    void fat_tree_zone_section(NetZoneImpl *z);
    void factored_section();
    void links_out(const LinkList &ls);
    void piece_out(const Piece &p);
    void write_stream();
};

/* numbering: hosts, then every other netpoint the pieces name */
int32_t PieceWriter::np_id(const NetPoint *v)
{
    if (!v)
        return -1;
    auto it = np_.find(v);
    if (it != np_.end())
        return it->second;
    int32_t id = static_cast<int32_t>(nps_.size());
    np_.emplace(v, id);
    nps_.push_back(v);
    return id;
}

int32_t PieceWriter::link_id(const StandardLinkImpl *l)
{
    if (!l)
        return -1;
    auto it = lid_.find(l);
    if (it == lid_.end()) {
        it = lid_.emplace(l, static_cast<int32_t>(lks_.size())).first;
        lks_.push_back(l);
    }
    return it->second;
}

/* Dragonfly zones, factored: SimGrid 3.32's DragonflyZone::get_local_route
 * takes s's node link (and limiter), the minimal path between the two
 * routers, then d's limiter and node link; so s -> d is U(s), M(router of s,
 * router of d), D(d). Taken from SimGrid's own routes (a member's to and
 * from another, one between two members of each router pair, or of one
 * router: SimGrid 3.32 adds each router's limiter on the way) and checked on
 * every member's routes to and from the next one; a zone that does not fit
 * (or with more router pairs than 4 H + 65,536) keeps its pairs: false. */
bool PieceWriter::factor_dragonfly(const NetZoneImpl *z, Factored &f)
{
    const auto &m = members_[z];
    const auto *dz = static_cast<const simgrid::kernel::routing::DragonflyZone *>(z);
    size_t a = cluster_has_limiter(z) ? 2 : 1;
    f.z = z;
    std::map<std::tuple<unsigned long, unsigned long, unsigned long>, int32_t> key;
    for (size_t k = 0; k < m.size(); k++) {
        auto co = dz->rankId_to_coords(m[k]->id());
        auto it = key.emplace(std::make_tuple(co.group, co.chassis, co.blade), static_cast<int32_t>(f.rep.size()))
                      .first;
        if (static_cast<size_t>(it->second) == f.rep.size())
            f.rep.push_back(static_cast<int32_t>(k));
        f.cls.push_back(it->second);
    }
    f.nc = f.rep.size();
    if (f.nc * f.nc > 4 * m.size() + 65536)
        return false;
    bool ok = true;
    Piece p;
    auto sum_lat = [this](Piece &q) {
        q.latency = 0.0;
        for (const auto *l : q.links)
            q.latency += lat_.at(l);
    };
    f.up.resize(m.size());
    f.down.resize(m.size());
    for (size_t k = 0; k < m.size() && ok; k++) {
        const NetPoint *v = m[k], *w = m[k ? 0 : 1];
        local_of_zone(z, v, w, p);
        ok = p.links.size() >= 2 * a;
        if (!ok)
            break;
        f.up[k].links.assign(p.links.begin(), p.links.begin() + static_cast<long>(a));
        f.up[k].gw_src = p.gw_src;
        sum_lat(f.up[k]);
        local_of_zone(z, w, v, p);
        ok = p.links.size() >= 2 * a;
        if (!ok)
            break;
        f.down[k].links.assign(p.links.end() - static_cast<long>(a), p.links.end());
        f.down[k].gw_dst = p.gw_dst;
        sum_lat(f.down[k]);
    }
    f.mid.resize(f.nc * f.nc);
    std::vector<int32_t> rep2(f.nc, -1); /* a second member of the router */
    for (size_t k = 0; k < m.size(); k++)
        if (rep2[static_cast<size_t>(f.cls[k])] < 0 && f.rep[static_cast<size_t>(f.cls[k])] != static_cast<int32_t>(k))
            rep2[static_cast<size_t>(f.cls[k])] = static_cast<int32_t>(k);
    for (size_t c1 = 0; c1 < f.nc && ok; c1++)
        for (size_t c2 = 0; c2 < f.nc && ok; c2++) {
            int32_t to = c1 == c2 ? rep2[c1] : f.rep[c2]; /* one router: its limiter, if any */
            if (to < 0)
                continue; /* a router of one member: no pair */
            local_of_zone(z, m[static_cast<size_t>(f.rep[c1])], m[static_cast<size_t>(to)], p);
            ok = p.links.size() >= 2 * a;
            if (ok) {
                Piece &q = f.mid[c1 * f.nc + c2];
                q.links.assign(p.links.begin() + static_cast<long>(a), p.links.end() - static_cast<long>(a));
                sum_lat(q);
            }
        }
    for (size_t k = 0; k < m.size() && ok; k++)
        for (int dir = 0; dir < 2 && ok; dir++) {
            size_t i = dir ? (k + 1) % m.size() : k, j = dir ? k : (k + 1) % m.size();
            local_of_zone(z, m[i], m[j], p);
            LinkList want = f.up[i].links;
            const auto &mid = f.mid[static_cast<size_t>(f.cls[i]) * f.nc + static_cast<size_t>(f.cls[j])];
            want.insert(want.end(), mid.links.begin(), mid.links.end());
            want.insert(want.end(), f.down[j].links.begin(), f.down[j].links.end());
            ok = want == p.links && p.gw_src == f.up[i].gw_src && p.gw_dst == f.down[j].gw_dst;
        }
    return ok;
}

/* Every host's routes to and from two hosts of each leaf zone: every piece
 * any host pair's route is made of (the common ancestor's local route and
 * the gateway routes are those of the representative in the destination's
 * leaf zone); every pair of a leaf zone that is not a star. Fills the
 * composer's pieces. */
void PieceWriter::probe_routes()
{
    LinkList got;
    auto probe = [this, &got](const NetPoint *s, const NetPoint *d) {
        double l = 0.0;
        try {
            got.clear();
            c_.route(s, d, got, &l);
        } catch (const std::exception &) {
        }
    };
    for (const NetZoneImpl *z : leaves_) {
        const auto &m = members_[z];
        const NetPoint *reps[2] = {m.front(), m.back()};
        bool star = c_.probe_of(z) != nullptr || fat_tree_zone(z) || c_.untabled.count(z);
        for (const auto *h : hosts_)
            for (const NetPoint *r : reps) {
                const NetPoint *v = h->get_netpoint();
                if (v == r)
                    continue;
                probe(v, r);
                probe(r, v);
            }
        if (!star)
            for (const NetPoint *a : m)
                for (const NetPoint *b : m)
                    if (a != b)
                        probe(a, b);
    }
}

/* The netpoints numbered before the pieces are written: hosts, zones'
 * netpoints and probes, the pieces' ends and gateways. */
void PieceWriter::number_netpoints()
{
    for (const auto *h : hosts_)
        np_id(h->get_netpoint());
    all_zones(e_.get_netzone_root()->get_impl(), zones_);
    for (size_t k = 0; k < zones_.size(); k++)
        zid_.emplace(zones_[k], static_cast<int32_t>(k));
    for (NetZoneImpl *z : zones_) {
        np_id(z->get_netpoint());
        np_id(c_.probe_of(z));
    }
    for (const auto &kv : c_.ups())
        np_id(kv.first), np_id(kv.second.gw_src);
    for (const auto &kv : c_.downs())
        np_id(kv.first), np_id(kv.second.gw_dst);
    for (const auto *m : {&c_.tables(), &c_.gateways()})
        for (const auto &kv : *m) {
            np_id(static_cast<const NetPoint *>(kv.first.first));
            np_id(static_cast<const NetPoint *>(kv.first.second));
            np_id(kv.second.gw_src);
            np_id(kv.second.gw_dst);
        }
}

/* Version 3: a fat-tree zone's structure (its local routes from it,
 * topo/io/sg_store.c's ft_local), not its pairs' routes, appended to ft_. */
void PieceWriter::fat_tree_zone_section(NetZoneImpl *z)
{
    FtView fv = ft_view(z);
    unsigned long levels = fv.levels;
    const auto &C = *fv.C, &P = *fv.P, &K = *fv.K;
    const auto &nodes = *fv.nodes;
    const auto &compute = *fv.compute;
    if (C.size() < levels || P.size() < levels || K.size() < levels)
        throw std::runtime_error("fat-tree zone '" + z->get_name() + "': malformed levels");
    std::unordered_map<const FatTreeNode *, int32_t> nid;
    for (size_t k = 0; k < nodes.size(); k++)
        nid.emplace(nodes[k].get(), static_cast<int32_t>(k));
    auto node_id = [&nid](const FatTreeNode *n) -> int32_t {
        auto it = nid.find(n);
        return it == nid.end() ? -1 : it->second;
    };
    ft_.push_back(zid_.at(z));
    ft_.push_back(static_cast<int32_t>(levels));
    for (unsigned long l = 0; l < levels; l++) {
        ft_.push_back(static_cast<int32_t>(C[l]));
        ft_.push_back(static_cast<int32_t>(P[l]));
        ft_.push_back(static_cast<int32_t>(K[l]));
    }
    ft_.push_back(static_cast<int32_t>(nodes.size()));
    for (const auto &n : nodes) {
        ft_.push_back(static_cast<int32_t>(n->level));
        ft_.push_back(static_cast<int32_t>(n->position));
        ft_.push_back(link_id(n->limiter_link_));
        for (unsigned long l = 0; l < levels; l++)
            ft_.push_back(l < n->label.size() ? static_cast<int32_t>(n->label[l]) : -1);
        ft_.push_back(static_cast<int32_t>(n->parents.size()));
        for (const auto &e : n->parents) {
            ft_.push_back(e ? link_id(e->up_link_) : -1);
            ft_.push_back(e ? node_id(e->up_node_) : -1);
        }
        ft_.push_back(static_cast<int32_t>(n->children.size()));
        for (const auto &e : n->children) {
            ft_.push_back(e ? link_id(e->down_link_) : -1);
            ft_.push_back(e ? node_id(e->down_node_) : -1);
        }
    }
    /* the zone's hosts: their node, and their gateways (SimGrid's
     * get_gateway, by position: read from a local route from and to
     * another member) */
    const auto &m = members_.at(z);
    ft_.push_back(static_cast<int32_t>(m.size()));
    for (size_t k = 0; k < m.size(); k++) {
        const NetPoint *v = m[k], *w = m[k ? 0 : (m.size() > 1 ? 1 : 0)];
        auto it = compute.find(v->id());
        const NetPoint *gs = nullptr, *gd = nullptr;
        if (w != v) {
            Piece p;
            local_of_zone(z, v, w, p);
            gs = p.gw_src;
            local_of_zone(z, w, v, p);
            gd = p.gw_dst;
        }
        ft_.push_back(np_id(v));
        ft_.push_back(it == compute.end() ? -1 : node_id(it->second.get()));
        ft_.push_back(np_id(gs));
        ft_.push_back(np_id(gd));
    }
}

/* Version 3: the factored (dragonfly) zones, into fsec_. */
void PieceWriter::factored_section()
{
    auto put32 = [this](int32_t v) { fsec_.append(reinterpret_cast<const char *>(&v), sizeof v); };
    auto put_piece = [&](const Piece &p) {
        put32(np_id(p.gw_src));
        put32(np_id(p.gw_dst));
        fsec_.append(reinterpret_cast<const char *>(&p.latency), sizeof p.latency);
        put32(static_cast<int32_t>(p.links.size()));
        for (const auto *l : p.links)
            put32(link_id(l));
    };
    put32(static_cast<int32_t>(fac_.size()));
    for (const Factored &f : fac_) {
        const auto &m = members_.at(f.z);
        put32(zid_.at(f.z));
        put32(static_cast<int32_t>(f.nc));
        put32(static_cast<int32_t>(m.size()));
        for (size_t k = 0; k < m.size(); k++) {
            put32(np_id(m[k]));
            put32(f.cls[k]);
            put_piece(f.up[k]);
            put_piece(f.down[k]);
        }
        for (const Piece &q : f.mid)
            put_piece(q);
    }
}

void PieceWriter::links_out(const LinkList &ls)
{
    o_.i32(static_cast<int32_t>(ls.size()));
    for (const auto *l : ls)
        o_.i32(link_id(l));
}

void PieceWriter::piece_out(const Piece &p)
{
    o_.i32(np_id(p.gw_src));
    o_.i32(np_id(p.gw_dst));
    o_.f64(p.latency);
    links_out(p.links);
}

/* The stream, version 3: hosts, netpoints, zones, the pieces, the links,
 * SimGrid's router count, the fat-tree and factored sections. */
void PieceWriter::write_stream()
{
    o_.bytes("RMSP", 4);
    o_.u32(3);
    hosts_out(o_, hosts_);
    o_.i32(static_cast<int32_t>(nps_.size()));
    for (const NetPoint *v : nps_) {
        o_.str(v->get_name());
        const NetZoneImpl *z = v->get_englobing_zone();
        o_.i32(z && zid_.count(z) ? zid_.at(z) : -1);
    }
    o_.i32(static_cast<int32_t>(zones_.size()));
    for (NetZoneImpl *z : zones_) {
        o_.str(z->get_name());
        o_.i32(z->get_parent() ? zid_.at(z->get_parent()) : -1);
        o_.i32(np_id(z->get_netpoint()));
        o_.i32(np_id(c_.probe_of(z)));
        o_.i32(cluster_zone(z->get_iface()) ? 1 : 0);
    }
    for (const auto *m : {&c_.ups(), &c_.downs()}) {
        o_.i32(static_cast<int32_t>(m->size()));
        for (const auto &kv : *m) {
            o_.i32(np_id(kv.first));
            piece_out(kv.second);
        }
    }
    for (const auto *m : {&c_.tables(), &c_.gateways()}) {
        o_.i32(static_cast<int32_t>(m->size()));
        for (const auto &kv : *m) {
            o_.i32(np_id(static_cast<const NetPoint *>(kv.first.first)));
            o_.i32(np_id(static_cast<const NetPoint *>(kv.first.second)));
            piece_out(kv.second);
        }
    }
    o_.i32(static_cast<int32_t>(lks_.size()));
    for (const auto *l : lks_) {
        const simgrid::s4u::Link *s4 = iface_.at(l);
        o_.str(s4->get_name());
        o_.f64(s4->get_bandwidth());
        o_.f64(s4->get_latency());
        o_.i32(static_cast<int32_t>(s4->get_sharing_policy()));
    }
    int32_t n_routers = 0; /* version 2: SimGrid's own routers */
    for (const auto *v : e_.get_all_netpoints())
        n_routers += v->is_router() ? 1 : 0;
    o_.i32(n_routers);
    o_.bytes(ft_.data(), ft_.size() * sizeof(int32_t));
    o_.bytes(fsec_.data(), fsec_.size());
    o_.bytes("END!", 4);
}

int PieceWriter::run()
{
    NetZoneImpl *root = e_.get_netzone_root()->get_impl();
    if (const char *u = pieces_unsupported(root)) {
        error_record(o_, std::string("a ") + u + " zone: its routes are not composed from pieces");
        return 3;
    }
    for (const auto *l : e_.get_all_links()) {
        lat_.emplace(l->get_impl(), l->get_latency());
        iface_.emplace(l->get_impl(), l);
    }
    for (const auto *h : hosts_) {
        const NetZoneImpl *z = h->get_netpoint()->get_englobing_zone();
        auto &m = members_[z];
        if (m.empty())
            leaves_.push_back(z);
        m.push_back(h->get_netpoint());
    }
    for (const NetZoneImpl *z : leaves_) {
        if (!dragonfly_zone(z) || members_[z].size() < 2)
            continue;
        Factored f;
        if (!factor_dragonfly(z, f))
            continue;
        c_.untabled.insert(z);
        fac_.push_back(std::move(f));
    }
    probe_routes();
    number_netpoints();
    int32_t n_ft = 0;
    for (NetZoneImpl *z : zones_)
        if (fat_tree_zone(z) && members_.count(z))
            n_ft++;
    ft_.push_back(n_ft);
    for (NetZoneImpl *z : zones_)
        if (fat_tree_zone(z) && members_.count(z))
            fat_tree_zone_section(z);
    factored_section();
    write_stream();
    o_.flush();
    return o_.failed() ? 4 : 0;
}

int write_pieces(Out &o, simgrid::s4u::Engine &e, const std::vector<simgrid::s4u::Host *> &hosts)
{
    PieceWriter w(o, e, hosts);
    return w.run();
}

} // namespace

extern "C" int rmi_sg_child_extract_pieces(const char *path, const char *dir, int fd, int max_hosts)
{
    return child_extract(path, dir, fd, max_hosts, 0, true);
}
