const preloaded = process.env['LD_PRELOAD'] ?? '';

/**
 * Whether this run's clock is moved by libfaketime (the moved-clock passes of `.ci/run`, through
 * scripts/test-api-at.sh), for the embedded PostgreSQL as much as for the tests.
 */
export const clockIsFaked = Boolean(process.env['FAKETIME']) || /libfaketime/.test(preloaded);

/**
 * Whether PostgreSQL finds deadlocks in this run. Under libfaketime with a clock moved into the
 * future it does not, unless scripts/test-api-at.sh preloaded its shim before libfaketime
 * (scripts/faketime-epoll-shim.c says why).
 */
export const deadlocksAreFound =
  !clockIsFaked || Boolean(process.env['DATABASE_URL']) || /faketime-epoll-shim/.test(preloaded);
