/*
 * sg_loader.cpp — the SimGrid adapter: loads a platform file with SimGrid's
 * own loader (s4u::Engine::load_platform) and writes its hosts, links and
 * the route of every ordered host pair to a file descriptor (stream format
 * in topo/io/sg_loader.h). Runs only in a forked child (topo/io/simgrid.c): every
 * C++ exception is caught here and turned into an "ERR!" record; SimGrid's
 * own aborts kill the child, which the parent reports.
 */
#include "topo/io/sg_loader.h"
#include "topo/io/sg_vet.h"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <xbt/config.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <typeinfo>
#include <string>
#include <unordered_map>
#include <vector>

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

} // namespace

extern "C" int rmi_sg_child_extract(const char *path, const char *dir, int fd, int max_hosts)
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
        /* counted by SimGrid itself (the engine's host count, one per
         * name): SimGrid 3.32 signals each host of a cluster twice (at its
         * creation and when the cluster is sealed), so counting the signals
         * refused a 1025-host cluster as "more than 2048 hosts" */
        if (max_hosts > 0)
            simgrid::s4u::Host::on_creation_cb([&o, &e, max_hosts](simgrid::s4u::Host &) {
                if (e.get_host_count() > static_cast<size_t>(max_hosts)) {
                    error_record(o,
                                 "more than " + std::to_string(max_hosts) +
                                     " hosts: more than ringmap maps (at most " +
                                     std::to_string(max_hosts) +
                                     " hosts: the routes of every ordered host pair are kept)",
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
                                std::to_string(max_hosts) +
                                " hosts: the routes of every ordered host pair are kept)",
                         "LIM!");
            return 3;
        }
        o.bytes("RMSG", 4);
        o.u32(4);
        o.i32(static_cast<int32_t>(hosts.size()));
        for (const auto *h : hosts) {
            o.str(h->get_name());
            o.f64(h->get_speed());
            o.i32(h->get_core_count());
        }
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
    } catch (const std::exception &ex) {
        error_record(o, ex.what());
        return 3;
    } catch (...) {
        error_record(o, "unknown C++ exception in SimGrid");
        return 3;
    }
}
