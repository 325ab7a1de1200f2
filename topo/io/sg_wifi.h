/* sg_wifi.h — rates of SimGrid WIFI links from the platform file
 * (topo/io/sg_wifi.c). */
#ifndef RM_TOPO_SG_WIFI_H
#define RM_TOPO_SG_WIFI_H

/** The rates (bytes/s, in the file's order: rate level 0 first) of the
 *  <link id=link> of the SimGrid platform file at path, at most max of
 *  them: their count, -1 when the file cannot be parsed, has no such link
 *  with a bandwidth, or a rate is not a SimGrid bandwidth. O(file size).
 *  Thread safety: reentrant (libxml2 initialised by the library). */
int rmi_sg_wifi_rates(const char *path, const char *link, double *rates, int max);

#endif
