// The parts of the Sentry SDK the app uses, and only those: importing the package's whole namespace
// would keep session replay, feedback and the rest in the bundle (about 150 KB gzipped instead of 40).
export { browserTracingIntegration, captureException, init } from '@sentry/react';
