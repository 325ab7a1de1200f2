/*
 * launch_probe.c — a tiny MPI program for the tests of the launch files of
 * `ringmap map` (--hostfile, --rankfile, --machinefile): every rank prints
 * "rank R host H", H being the host it was launched on — the processor name
 * (SMPI: the SimGrid host), or RM_LAUNCH_HOST when the test's stand-in for
 * ssh sets it (Open MPI with every host aliased to this machine).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, len = 0;
    char name[MPI_MAX_PROCESSOR_NAME] = "";
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_processor_name(name, &len);
    const char *host = getenv("RM_LAUNCH_HOST");
    printf("rank %d host %s\n", rank, host && *host ? host : name);
    fflush(stdout);
    MPI_Finalize();
    return 0;
}
