import type { Hono } from 'hono';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { DRIVER_LICENSE_IMAGE_PATH_PREFIX, driverLicenseImageFor } from './driver-license.service.js';
import { registerVehicleTelematics } from './vehicle-telematics.adapter.js';
import { createVehicleSimulator } from './vehicle-telematics.service.js';

/**
 * Composes vehicle rental into the app: the telematics adapter the rental
 * cars are reached through (the built-in simulator; a car maker's adapter
 * would be registered here instead), and the licence photographs.
 */
export function mountVehicleRoutes(app: Hono, deps: Deps & { verifyIdToken: (t: string) => Promise<Principal> }): void {
  registerVehicleTelematics(deps.db, createVehicleSimulator(deps));

  /**
   * GET /media/driver-licenses/<id>.jpg with `Authorization: Bearer`: a licence photograph, for its
   * holder and staff only (404 for anyone else). Personal data: never stored by a shared cache.
   */
  app.get(`${DRIVER_LICENSE_IMAGE_PATH_PREFIX}:file{[0-9a-f]{32}\\.jpg}`, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    try {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) throw new AppError('CodeUnauthenticated');
      const principal = await deps.verifyIdToken(token);
      const content = await driverLicenseImageFor(deps, principal, c.req.param('file').slice(0, -'.jpg'.length));
      if (!content) throw new AppError('CodeNotFound');
      return c.body(new Uint8Array(content), 200, {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(content.length),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, language, deps.log);
      return c.json(body, status as 400, { ...headers, 'Cache-Control': 'no-store' });
    }
  });
}
