/**
 * Whether this run's clock is moved by libfaketime (the moved-clock passes of `.ci/run`, through
 * scripts/test-api-at.sh), for the embedded PostgreSQL as much as for the tests.
 */
export const clockIsFaked = Boolean(process.env['FAKETIME']) || /faketime/.test(process.env['LD_PRELOAD'] ?? '');
