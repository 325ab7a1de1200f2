/*
 * sg_sim.cpp — the child side of rmi_sg_simulate (topo/io/sg_sim.h): SimGrid's
 * s4u engine runs a ring's steps, one actor per ring position, each doing
 * what iterapp's stencil does per step (iterapp/run.c: halo_post, then the
 * slab's computation; or, overlapping, the interior, the wait, the
 * boundary). Runs only in a forked child: every C++ exception becomes an
 * "ERR!" record.
 */
#include "topo/io/sg_sim.h"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

void put(std::vector<char> &b, const void *p, size_t n)
{
    const char *c = static_cast<const char *>(p);
    b.insert(b.end(), c, c + n);
}

int flush(int fd, const std::vector<char> &b)
{
    size_t at = 0;
    while (at < b.size()) {
        ssize_t w = ::write(fd, b.data() + at, b.size() - at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return 4;
        at += static_cast<size_t>(w);
    }
    return 0;
}

int error_record(int fd, const std::string &msg)
{
    std::vector<char> b;
    put(b, "ERR!", 4);
    uint32_t n = static_cast<uint32_t>(msg.size());
    put(b, &n, sizeof n);
    put(b, msg.data(), msg.size());
    return flush(fd, b) ? 4 : 3;
}

int token; /* the messages' payload: only their simulated size matters */

} // namespace

extern "C" int rmi_sg_child_simulate(const char *path, const char *dir, const rmi_sg_sim_spec *spec,
                                     int fd)
{
    try {
        /* CM02 as bench_fidelity's cm02 runs have it (max-min sharing,
         * latency and bandwidth factors 1, weight-S 0: SimGrid's CM02
         * defaults) without cross traffic; set before the file is loaded,
         * so that its <config> cannot change them */
        char arg0[] = "ringmap";
        char arg1[] = "--log=root.thres:critical";
        char arg2[] = "--cfg=network/model:CM02";
        char arg3[] = "--cfg=network/crosstraffic:0";
#if defined(__SANITIZE_ADDRESS__)
        /* under AddressSanitizer, actors as threads: SimGrid's default
         * contexts switch stacks by hand, which ASan reports ("ignoring
         * requested __asan_handle_no_return") in every simulation; the
         * simulated times do not depend on the context factory */
        char arg4[] = "--cfg=contexts/factory:thread";
        int argc = 5;
        char *argv[] = {arg0, arg1, arg2, arg3, arg4, nullptr};
#else
        int argc = 4;
        char *argv[] = {arg0, arg1, arg2, arg3, nullptr};
#endif
        simgrid::s4u::Engine e(&argc, argv);
        rmi_sg_pin_config();
        simgrid::s4u::Engine::set_config("path", std::string(dir && *dir ? dir : "."));
        e.load_platform(path);
        e.seal_platform();
        const int q = spec->q, K = spec->steps;
        std::vector<simgrid::s4u::Host *> host(q);
        for (int k = 0; k < q; k++) {
            host[k] = e.host_by_name_or_null(spec->hosts[k]);
            if (!host[k])
                return error_record(fd, std::string("ring position ") + std::to_string(k) +
                                            ": the platform has no host \"" + spec->hosts[k] +
                                            "\"");
        }
        /* position k receives its predecessor's message in from_pred[k],
         * its successor's in from_succ[k] (iterapp's tags 1 and 2) */
        std::vector<simgrid::s4u::Mailbox *> from_pred(q), from_succ(q);
        for (int k = 0; k < q; k++) {
            from_pred[k] = simgrid::s4u::Mailbox::by_name("rm_p" + std::to_string(k));
            from_succ[k] = simgrid::s4u::Mailbox::by_name("rm_s" + std::to_string(k));
        }
        std::vector<double> end(static_cast<size_t>(K), 0.0);
        const uint64_t bytes = static_cast<uint64_t>(spec->bytes + 0.5);
        const bool detached = spec->bytes < RMI_SG_SIM_DETACHED_BYTES;
        for (int k = 0; k < q; k++) {
            const double flops = spec->flops[k];
            const double bnd = spec->bnd_flops ? spec->bnd_flops[k] : -1.0;
            const int succ = (k + 1) % q, pred = (k + q - 1) % q;
            simgrid::s4u::Actor::create(
                "rm" + std::to_string(k), host[k],
                [&end, &from_pred, &from_succ, flops, bnd, succ, pred, q, K, k, bytes, detached]() {
                    for (int s = 0; s < K; s++) {
                        std::vector<simgrid::s4u::CommPtr> wait;
                        if (q > 1) {
                            int *a = nullptr, *b = nullptr;
                            wait.push_back(from_pred[k]->get_async<int>(&a));
                            wait.push_back(from_succ[k]->get_async<int>(&b));
                            for (simgrid::s4u::Mailbox *mb : {from_pred[succ], from_succ[pred]}) {
                                simgrid::s4u::CommPtr c = mb->put_init(&token, bytes);
                                if (detached)
                                    c->detach();
                                else
                                    wait.push_back(c->start());
                            }
                        }
                        if (bnd >= 0.0 && flops - bnd > 0.0)
                            simgrid::s4u::this_actor::execute(flops - bnd);
                        for (auto &c : wait)
                            c->wait();
                        double rest = bnd >= 0.0 ? bnd : flops;
                        if (rest > 0.0)
                            simgrid::s4u::this_actor::execute(rest);
                        double t = simgrid::s4u::Engine::get_clock();
                        if (t > end[static_cast<size_t>(s)])
                            end[static_cast<size_t>(s)] = t;
                    }
                    (void)k;
                });
        }
        e.run();
        std::vector<char> b;
        put(b, "RMSS", 4);
        int32_t n = K;
        put(b, &n, sizeof n);
        put(b, end.data(), sizeof(double) * end.size());
        put(b, "END!", 4);
        return flush(fd, b);
    } catch (const std::exception &ex) {
        return error_record(fd, std::string("SimGrid: ") + ex.what());
    } catch (...) {
        return error_record(fd, "unknown C++ exception in SimGrid");
    }
}
