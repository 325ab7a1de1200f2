/*
 * alloc.h — integer allocation; its API is public: include/ringmap/alloc.h
 * (kept so that #include "ring/alloc.h" keeps working).
 */
#ifndef RINGMAP_RING_ALLOC_H
#define RINGMAP_RING_ALLOC_H
#include "ringmap/alloc.h" /* as before: the whole API */
#endif
